// When a failed delivery is tried again: WEBSUB_RETRY_DELAYS, one delay per failure so far, with a little jitter.

/**
 * The time of the next attempt after `failures` consecutive failures, or null once `delays.length + 1` attempts have
 * failed (the subscription is then removed). Jitter (up to +10%) keeps callbacks that failed together from being
 * retried in one burst.
 */
export function nextAttemptAt(
  failures: number,
  delaysSeconds: readonly number[],
  now: number,
  random: () => number = Math.random,
): number | null {
  if (!Number.isInteger(failures) || failures < 1)
    throw new RangeError(`failures: expected a positive integer, got ${failures}`);
  if (failures > delaysSeconds.length) return null;
  const base = delaysSeconds[failures - 1]! * 1000;
  return now + Math.round(base * (1 + 0.1 * random()));
}

/** Attempts a delivery gets before its subscription is removed (3 with the two default delays). */
export const maxAttempts = (delaysSeconds: readonly number[]): number => delaysSeconds.length + 1;
