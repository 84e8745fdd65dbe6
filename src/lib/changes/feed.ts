// The change feed of a release: its changes after any point of its log, oldest first, each upsert with the review's
// published JSON. The sidecar reads them from the release database; `changeFeedOf` holds a log in memory.
import { partitionPoint } from "../partition-point.ts";
import { type ChangeLog, lastSeq } from "./log.ts";

/** One change as a page lists it: an upsert carries the review's published JSON, a removal null. */
export type FeedChange = Readonly<{ seq: number; id: string; at: number; json: string | null }>;

export type ChangeFeed = Readonly<{
  /** Names this sequence of changes: a cursor of another history is not one of this feed's. */
  history: string;
  /** The newest change's sequence number; 0 for an empty log. */
  lastSeq: number;
  /** The newest change's time (epoch seconds; 0 for an empty log): the feed's Last-Modified. */
  newestAt: number;
  /** Up to `limit` changes after sequence number `seq`, oldest first. */
  after: (seq: number, limit: number) => FeedChange[];
}>;

/**
 * The feed of `log` over the reviews with `ids` (in order), whose JSON `json` reads by place. Throws when the log is
 * not the one of these reviews: every review must be listed once as present, and nothing else.
 */
export function changeFeedOf(log: ChangeLog, ids: readonly string[], json: (place: number) => string): ChangeFeed {
  const at = new Map(ids.map((id, i) => [id, i]));
  const places = new Int32Array(log.entries.length);
  let present = 0;
  let newestAt = 0;
  log.entries.forEach((e, k) => {
    newestAt = Math.max(newestAt, e.at);
    if (e.hash === null) {
      if (at.has(e.id)) throw new Error(`review ${e.id} is published but the change log lists it as removed`);
      places[k] = -1;
      return;
    }
    const place = at.get(e.id);
    if (place === undefined) throw new Error(`the change log lists review ${e.id}, which is not published`);
    places[k] = place;
    present++;
  });
  if (present !== ids.length)
    throw new Error(`the change log lists ${present} published reviews, the release publishes ${ids.length}`);
  const { entries } = log;
  return {
    history: log.history,
    lastSeq: lastSeq(log),
    newestAt,
    after: (seq, limit) => {
      const start = partitionPoint(entries.length, (k) => entries[k]!.seq <= seq);
      return entries.slice(start, start + limit).map((e, i) => {
        const place = places[start + i]!;
        return { seq: e.seq, id: e.id, at: e.at, json: place === -1 ? null : json(place) };
      });
    },
  };
}
