// Per-client rate limit of the hub endpoint: a token bucket per client address, kept in the hub store so that every
// replica sharing the store counts against the same bucket.
import type { HubStore, RateDecision } from "./store/store.ts";

export type RateLimiter = Readonly<{ take(key: string, now: number): Promise<RateDecision> }>;

/**
 * `perMinute` requests a client may make per minute (also the burst it may make at once). Buckets untouched for a
 * minute are full again and are removed by the store's sweep (WEBSUB_SWEEP_CRON), which bounds the table.
 */
export function storeRateLimiter(store: Pick<HubStore, "rateLimitTake">, perMinute: number): RateLimiter {
  return Object.freeze({ take: (key: string, now: number) => store.rateLimitTake(key, perMinute, now) });
}
