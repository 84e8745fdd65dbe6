// Reads a hub request's form parameters into a subscribe, unsubscribe or publish request, or a reason naming the field.
import type { AddressPolicy } from "../net/policy.ts";
import { checkCallback, matchTopic } from "./urls.ts";

const MAX_SECRET_BYTES = 199;

export type HubRequest =
  | Readonly<{ mode: "subscribe"; topic: string; callback: URL; secret: string | null; leaseSeconds: number }>
  | Readonly<{ mode: "unsubscribe"; topic: string; callback: URL }>
  | Readonly<{ mode: "publish"; topics: readonly string[] }>;

export type Parsed =
  Readonly<{ ok: true; request: HubRequest }> | Readonly<{ ok: false; field: string; message: string }>;

export type ParseOptions = Readonly<{
  /** The topic URLs of this hub, as absolute hrefs. */
  topics: ReadonlySet<string>;
  lease: Readonly<{ default: number; min: number; max: number }>;
  policy: AddressPolicy;
}>;

const bad = (field: string, message: string): Parsed => ({ ok: false, field, message });

/** Unknown parameters are ignored (WebSub 5.1); a known one given twice is refused rather than guessed at. */
export function parseHubRequest(params: URLSearchParams, options: ParseOptions): Parsed {
  for (const field of ["hub.mode", "hub.topic", "hub.callback", "hub.secret", "hub.lease_seconds"]) {
    if (params.getAll(field).length > 1) return bad(field, "given more than once");
  }
  const mode = params.get("hub.mode");
  if (mode === null || mode === "") return bad("hub.mode", "missing; expected subscribe, unsubscribe or publish");
  if (mode === "publish") return parsePublish(params, options);
  if (mode !== "subscribe" && mode !== "unsubscribe") {
    return bad("hub.mode", `expected subscribe, unsubscribe or publish, got ${JSON.stringify(clip(mode))}`);
  }

  const rawTopic = params.get("hub.topic");
  if (rawTopic === null || rawTopic === "") return bad("hub.topic", "missing");
  const topic = matchTopic(rawTopic, options.topics);
  if (topic === undefined)
    return bad("hub.topic", `not a topic of this hub; expected one of ${[...options.topics].join(", ")}`);

  const rawCallback = params.get("hub.callback");
  if (rawCallback === null || rawCallback === "") return bad("hub.callback", "missing");
  const callback = checkCallback(rawCallback, options.policy);
  if (!callback.ok) return bad("hub.callback", callback.message);

  if (mode === "unsubscribe") return { ok: true, request: { mode, topic, callback: callback.url } };

  const secret = params.get("hub.secret");
  if (secret !== null) {
    if (secret === "") return bad("hub.secret", "empty; leave the parameter out for unsigned deliveries");
    if (Buffer.byteLength(secret) > MAX_SECRET_BYTES)
      return bad("hub.secret", `must be less than 200 bytes, got ${Buffer.byteLength(secret)}`);
  }

  const lease = params.get("hub.lease_seconds");
  let leaseSeconds = options.lease.default;
  if (lease !== null) {
    if (!/^[0-9]+$/.test(lease))
      return bad("hub.lease_seconds", `expected decimal digits, got ${JSON.stringify(clip(lease))}`);
    leaseSeconds = Math.min(options.lease.max, Math.max(options.lease.min, Number(lease)));
  }
  return { ok: true, request: { mode, topic, callback: callback.url, secret, leaseSeconds } };
}

/** A publisher's ping names the topics that changed by `hub.url` (customary) or `hub.topic`, one or more times. */
function parsePublish(params: URLSearchParams, options: ParseOptions): Parsed {
  const named = [
    ...params.getAll("hub.url").map((u) => ["hub.url", u] as const),
    ...params.getAll("hub.topic").map((u) => ["hub.topic", u] as const),
  ];
  if (named.length === 0) return bad("hub.url", "missing; name the updated topic with hub.url (or hub.topic)");
  const topics = new Set<string>();
  for (const [field, raw] of named) {
    const topic = matchTopic(raw, options.topics);
    if (topic === undefined)
      return bad(field, `not a topic of this hub; expected one of ${[...options.topics].join(", ")}`);
    topics.add(topic);
  }
  return { ok: true, request: { mode: "publish", topics: [...topics] } };
}

function clip(s: string): string {
  return s.length > 64 ? `${s.slice(0, 64)}...` : s;
}
