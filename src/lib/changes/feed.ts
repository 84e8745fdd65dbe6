// The change feed of a release: its change log matched to the reviews it publishes, each upsert with the place of the
// review's JSON in the search index, so a page is answered without parsing a review.
import type { ChangeLog } from "./log.ts";

export type ChangeFeed = Readonly<{
  log: ChangeLog;
  /** Per entry: the index position of the review it lists, or -1 for a removal. */
  positions: Int32Array;
  /** The newest change's time (epoch seconds; 0 for an empty log): the feed's Last-Modified. */
  newestAt: number;
}>;

/**
 * The feed of `log` over the reviews with `ids` (index positions in order). Throws when the log is not the one of
 * these reviews: every review must be listed once as present, and nothing else.
 */
export function changeFeedOf(log: ChangeLog, ids: readonly string[]): ChangeFeed {
  const at = new Map(ids.map((id, i) => [id, i]));
  const positions = new Int32Array(log.entries.length);
  let present = 0;
  let newestAt = 0;
  log.entries.forEach((e, k) => {
    newestAt = Math.max(newestAt, e.at);
    if (e.hash === null) {
      if (at.has(e.id)) throw new Error(`review ${e.id} is published but the change log lists it as removed`);
      positions[k] = -1;
      return;
    }
    const position = at.get(e.id);
    if (position === undefined) throw new Error(`the change log lists review ${e.id}, which is not published`);
    positions[k] = position;
    present++;
  });
  if (present !== ids.length)
    throw new Error(`the change log lists ${present} published reviews, the release publishes ${ids.length}`);
  return { log, positions, newestAt };
}
