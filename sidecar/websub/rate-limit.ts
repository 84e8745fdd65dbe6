// Per-client rate limit of the hub endpoint: a token bucket per client address, bounded in the number of clients kept.

export type RateDecision = Readonly<{ ok: true }> | Readonly<{ ok: false; retryAfterSeconds: number }>;

export type RateLimiter = Readonly<{ take(key: string, now: number): RateDecision; size(): number }>;

export type RateLimitOptions = Readonly<{
  /** Requests a client may make per minute (also the burst it may make at once). */
  perMinute: number;
  /** Clients remembered at most; the least recently seen are forgotten first (they lose nothing but their debt). */
  maxClients?: number;
}>;

type Bucket = { tokens: number; at: number };

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const capacity = options.perMinute;
  const perMs = options.perMinute / 60_000;
  const maxClients = options.maxClients ?? 50_000;
  const buckets = new Map<string, Bucket>();

  return Object.freeze({
    take(key: string, now: number): RateDecision {
      const b = buckets.get(key) ?? { tokens: capacity, at: now };
      b.tokens = Math.min(capacity, b.tokens + Math.max(0, now - b.at) * perMs);
      b.at = now;
      // Re-inserting keeps the map ordered by last use, so eviction takes the stalest client.
      buckets.delete(key);
      buckets.set(key, b);
      if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) };
    },
    size: () => buckets.size,
  });
}
