// The callback address policy: forbidden ranges, minus what WEBSUB_CALLBACK_ALLOW lists (CIDRs, addresses, host names).
import { ConfigError } from "../../../src/config.ts";
import { embeddedIpv4, forbiddenReason } from "./forbidden.ts";
import { type Cidr, type Ip, inCidr, parseCidr, parseIp } from "../../net/ip.ts";

type Verdict = Readonly<{ ok: true }> | Readonly<{ ok: false; reason: string }>;

export type AddressPolicy = Readonly<{
  /** May a callback whose URL host is `hostname` be connected to `address`? */
  check(address: Ip | string, hostname?: string): Verdict;
}>;

/** Thrown for an allowlist entry that is neither a CIDR, an address nor a host name (a configuration error). */
export class AllowListError extends ConfigError {
  override name = "AllowListError";
}

const HOST_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const ALLOWED: Verdict = Object.freeze({ ok: true });

export function createAddressPolicy(allow: readonly string[]): AddressPolicy {
  const ranges: Cidr[] = [];
  const exactHosts = new Set<string>();
  const hostSuffixes: string[] = [];
  for (const raw of allow) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    const range = parseCidr(entry);
    if (range) ranges.push(range);
    else if (!entry.includes("/") && HOST_NAME.test(entry)) {
      const name = entry.replace(/\.$/, "");
      if (name.startsWith("*.")) hostSuffixes.push(name.slice(1));
      else exactHosts.add(name);
    } else {
      throw new AllowListError(
        `WEBSUB_CALLBACK_ALLOW: ${JSON.stringify(raw)} is neither a CIDR range, an IP address nor a host name`,
      );
    }
  }

  const hostAllowed = (hostname: string | undefined): boolean => {
    if (hostname === undefined) return false;
    const h = hostname.toLowerCase().replace(/\.$/, "");
    return exactHosts.has(h) || hostSuffixes.some((s) => h.endsWith(s));
  };
  const rangeAllowed = (ip: Ip): boolean => {
    const inner = embeddedIpv4(ip)?.ip;
    return ranges.some((r) => inCidr(ip, r) || (inner !== undefined && inCidr(inner, r)));
  };

  return Object.freeze({
    check(address: Ip | string, hostname?: string): Verdict {
      const ip = typeof address === "string" ? parseIp(address) : address;
      if (!ip) return { ok: false, reason: "not an IP address" };
      const reason = forbiddenReason(ip);
      if (reason === undefined || rangeAllowed(ip) || hostAllowed(hostname)) return ALLOWED;
      return { ok: false, reason };
    },
  });
}
