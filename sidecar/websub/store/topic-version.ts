// What a reported topic version does to the stored one, the same rule for both engines: only a newer release counts.
import type { TopicContentChange, TopicVersion } from "./store.ts";

export type StoredTopic = Readonly<{ sha256: string; releasedAt: number; seq: number }>;

/**
 * - `first`: nothing stored yet: record it, queue nothing (subscribers made after it get later changes).
 * - `stale`: the store has seen a newer release: a replica still on an older release changes nothing.
 * - `same`: the release the store last saw (another replica reported it first): nothing to do.
 * - `advance`: a newer release with the same content: remember the release, queue nothing.
 * - `change`: a newer release with other content (a revert to earlier content included): bump the sequence, queue.
 */
export type TopicStep = "first" | "stale" | "same" | "advance" | "change";

export function topicStep(stored: StoredTopic | undefined, version: TopicVersion): TopicStep {
  if (!stored) return "first";
  if (version.releasedAt < stored.releasedAt) return "stale";
  if (version.releasedAt === stored.releasedAt) return "same";
  return version.sha256 === stored.sha256 ? "advance" : "change";
}

export function topicOutcome(step: TopicStep, seq: number, queued = 0): TopicContentChange {
  return { first: step === "first", changed: step === "change", stale: step === "stale", seq, queued };
}
