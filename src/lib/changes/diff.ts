// A release's change log from the previous release's and its own reviews: each review added or whose published JSON
// changed, and each review gone, gets the next sequence number; the log keeps one entry, the newest, per id.
import {
  type ChangeEntry,
  encodeChangeLog,
  encodeEntry,
  historyOf,
  LOG_TAIL,
  logHead,
  type ScannedLog,
} from "./log.ts";

/**
 * A review as the log compares it: its id, the hash of its published JSON and its last change (epoch seconds), which
 * is read only for the reviews a log adds, once each.
 */
export type PublishedReview = Readonly<{ id: string; hash: string; changedAt: number }>;

export type NextChangeLog = Readonly<{
  /** The log file's text (`encodeChangeLog`). */
  text: string;
  /** What this build added to the log (all of it when a new history started). */
  upserts: number;
  removals: number;
  /** Whether the log starts a new history here. */
  started: boolean;
}>;

/** A new history: every review, oldest change first (id breaks ties), each at its own last change time. */
export function startChangeLog(reviews: readonly PublishedReview[]): NextChangeLog {
  const entries = byChange(reviews).map(({ review, at }, k): ChangeEntry => ({
    seq: k + 1,
    id: review.id,
    hash: review.hash,
    at,
  }));
  const text = encodeChangeLog({ history: historyOf(entries), entries });
  return { text, upserts: entries.length, removals: 0, started: true };
}

/**
 * The log file `log` (as `scanChangeLog` read it) continued with the reviews now published, seen at `now` (epoch
 * seconds): after the previous entries come the reviews added or changed, by last change time then id, then the ids
 * gone, by id; the entry each had before goes. Worked on the text: the entries that stay are copied as they are, not
 * decoded and encoded again.
 */
export function continueChangeLog(log: ScannedLog, reviews: readonly PublishedReview[], now: number): NextChangeLog {
  const { text, entryOf } = log;
  const count = log.ids.length;
  const present = new Uint8Array(count);
  const changed: PublishedReview[] = [];
  for (const r of reviews) {
    const k = entryOf.get(r.id);
    if (k !== undefined) present[k] = 1;
    if (k === undefined || log.hashes[k] !== r.hash) changed.push(r);
  }
  const removed = log.ids.filter((_, k) => !present[k] && log.hashes[k] !== null).sort(compare);
  if (changed.length === 0 && removed.length === 0) return { text, upserts: 0, removals: 0, started: false };

  const superseded = new Uint8Array(count);
  for (const id of [...changed.map((r) => r.id), ...removed]) {
    const k = entryOf.get(id);
    if (k !== undefined) superseded[k] = 1;
  }
  // The entries kept, as runs of the text between the superseded ones.
  const pieces: string[] = [];
  for (let k = 0; k < count; k++) {
    if (superseded[k]) continue;
    const first = k;
    while (k + 1 < count && !superseded[k + 1]) k++;
    pieces.push(text.slice(log.starts[first], log.ends[k]));
  }
  let seq = log.seqs.at(-1) ?? 0;
  for (const { review } of byChange(changed))
    pieces.push(encodeEntry({ seq: ++seq, id: review.id, hash: review.hash, at: now }));
  for (const id of removed) pieces.push(encodeEntry({ seq: ++seq, id, hash: null, at: now }));
  return {
    text: `${logHead(log.history)}${pieces.join(",")}${LOG_TAIL}`,
    upserts: changed.length,
    removals: removed.length,
    started: false,
  };
}

/** The reviews by last change time then id, each time read once. */
const byChange = (reviews: readonly PublishedReview[]) =>
  reviews
    .map((review) => ({ review, at: review.changedAt }))
    .sort((a, b) => a.at - b.at || compare(a.review.id, b.review.id));

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
