// Per-client rate limit of the hub endpoint: a token bucket per client address, kept in the hub store so that every
// replica sharing the store counts against the same bucket.
import { embeddedIpv4 } from "./net/forbidden.ts";
import { formatIp, parseIp } from "./net/ip.ts";
import type { HubStore, RateDecision } from "./store/store.ts";

export type { RateDecision };

export type RateLimiter = Readonly<{ take(key: string, now: number): Promise<RateDecision> }>;

/**
 * `perMinute` requests a client may make per minute (also the burst it may make at once). Buckets untouched for a
 * minute are full again and are removed by the store's sweep (WEBSUB_SWEEP_CRON), which bounds the table.
 */
export function storeRateLimiter(store: Pick<HubStore, "rateLimitTake">, perMinute: number): RateLimiter {
  return Object.freeze({ take: (key: string, now: number) => store.rateLimitTake(key, perMinute, now) });
}

/** The key a client is limited by: its IPv4 address, or the /64 its IPv6 address is in (one host owns a whole /64). */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === "") return "unknown";
  const ip = parseIp(address);
  if (!ip) return address;
  if (ip.family === 4) return formatIp(ip);
  const inner = embeddedIpv4(ip);
  if (inner?.name === "IPv4-mapped") return formatIp(inner.ip);
  const prefix = new Uint8Array(16);
  prefix.set(ip.bytes.subarray(0, 8));
  return `${formatIp({ family: 6, bytes: prefix })}/64`;
}
