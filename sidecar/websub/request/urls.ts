// Topic and callback URLs as the hub compares and stores them, and the checks a callback must pass before it is accepted.
import { hostAddress } from "../../net/ip.ts";
import type { AddressPolicy } from "../net/policy.ts";

const MAX_CALLBACK_BYTES = 2048;

/** WebSub 5.1.1: hubs decode percent-encoded unreserved characters (ALPHA, DIGIT, "-", ".", "_", "~") in these URLs. */
export function decodeUnreserved(url: string): string {
  return url.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : escape.toUpperCase();
  });
}

/** The topic URL a request names, if it is one of `topics` (absolute hrefs), after normalisation. */
export function matchTopic(raw: string, topics: ReadonlySet<string>): string | undefined {
  let href: string;
  try {
    href = new URL(decodeUnreserved(raw)).href;
  } catch {
    return undefined;
  }
  return topics.has(href) ? href : undefined;
}

export type CallbackCheck = Readonly<{ ok: true; url: URL }> | Readonly<{ ok: false; message: string }>;

/**
 * A callback must be an absolute https: URL, at most 2 KB, without credentials or fragment, and must not name a
 * forbidden address literally (every IPv4 notation is read by the URL parser first: 2130706433, 0x7f.1, 0177.0.0.1).
 * Names are not resolved here: that happens, and is checked again, when the hub connects.
 */
export function checkCallback(raw: string, policy: AddressPolicy): CallbackCheck {
  if (Buffer.byteLength(raw) > MAX_CALLBACK_BYTES)
    return { ok: false, message: `longer than ${MAX_CALLBACK_BYTES} bytes` };
  if (raw.includes("#")) return { ok: false, message: "must not have a fragment (#...)" };
  let url: URL;
  try {
    url = new URL(decodeUnreserved(raw));
  } catch {
    return { ok: false, message: "not an absolute URL" };
  }
  if (url.protocol !== "https:") return { ok: false, message: `must be an https: URL, got ${url.protocol}` };
  if (url.username !== "" || url.password !== "")
    return { ok: false, message: "must not carry credentials (user:password@)" };
  if (url.hostname === "") return { ok: false, message: "has no host" };
  const literal = hostAddress(url.hostname);
  if (literal) {
    const verdict = policy.check(literal, url.hostname);
    if (!verdict.ok)
      return {
        ok: false,
        message: `names a ${verdict.reason} address (${url.hostname}), which the hub does not contact`,
      };
  }
  return { ok: true, url };
}
