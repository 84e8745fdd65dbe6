// What every session store engine shares in admitting a new session: the rate window, and how a refusal is said.
import type { SessionAdmission, SessionLimit } from "./store.ts";

/** The window of the per-client rate of new sessions. */
export const RATE_WINDOW_MS = 60_000;

/** A refusal by `limit`, with the time until `until` (when a slot frees if nothing else changes). */
export function refusedUntil(limit: SessionLimit, until: number, now: number): SessionAdmission {
  return { status: "refused", limit, retryAfterMs: Math.max(0, until - now) };
}
