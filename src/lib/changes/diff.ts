// A release's change log from the previous release's and its own reviews: each review added or whose published JSON
// changed, and each review gone, gets the next sequence number; the log keeps one entry, the newest, per id.
import { type ChangeEntry, type ChangeLog, historyOf, lastSeq } from "./log.ts";

/** A review as the log compares it: its id, the hash of its published JSON and its last change (epoch seconds). */
export type PublishedReview = Readonly<{ id: string; hash: string; changedAt: number }>;

export type NextChangeLog = Readonly<{
  log: ChangeLog;
  /** What this build added to the log (all of it when a new history started). */
  upserts: number;
  removals: number;
  /** Whether the log starts a new history here. */
  started: boolean;
}>;

/**
 * The log after `previous` (null: start a new history) given the reviews now published, seen at `now` (epoch
 * seconds). A new history lists every review, oldest change first, each at its own last change time. Otherwise the
 * new entries come after the previous ones: changed reviews by last change time then id, then removed ids by id.
 */
export function nextChangeLog(
  previous: ChangeLog | null,
  reviews: readonly PublishedReview[],
  now: number,
): NextChangeLog {
  const byChange = (list: PublishedReview[]) => list.sort((a, b) => a.changedAt - b.changedAt || compare(a.id, b.id));
  if (previous === null) {
    const entries = byChange([...reviews]).map((r, k): ChangeEntry => ({
      seq: k + 1,
      id: r.id,
      hash: r.hash,
      at: r.changedAt,
    }));
    return { log: { history: historyOf(entries), entries }, upserts: entries.length, removals: 0, started: true };
  }
  const before = new Map(previous.entries.map((e) => [e.id, e]));
  const present = new Set(reviews.map((r) => r.id));
  const changed = byChange(reviews.filter((r) => before.get(r.id)?.hash !== r.hash));
  const removed = previous.entries
    .filter((e) => e.hash !== null && !present.has(e.id))
    .map((e) => e.id)
    .sort(compare);
  if (changed.length === 0 && removed.length === 0) return { log: previous, upserts: 0, removals: 0, started: false };
  let seq = lastSeq(previous);
  const added: ChangeEntry[] = [
    ...changed.map((r) => ({ seq: ++seq, id: r.id, hash: r.hash, at: now })),
    ...removed.map((id) => ({ seq: ++seq, id, hash: null, at: now })),
  ];
  const superseded = new Set(added.map((e) => e.id));
  const entries = [...previous.entries.filter((e) => !superseded.has(e.id)), ...added];
  return {
    log: { history: previous.history, entries },
    upserts: changed.length,
    removals: removed.length,
    started: false,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
