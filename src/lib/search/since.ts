// The since query: reviews dated on or after a date, oldest first (date, then id ascending), whole or a page at a time.
import type { SearchIndex } from "./index.ts";
import { firstBelow, firstDateBefore, type PageKey, type SearchPage } from "./run.ts";

/** One page of the reviews dated on or after `date`, oldest first: up to `limit` positions after the (date, id) of the last review of the page before. */
export function sincePage(index: SearchIndex, date: string, limit: number, after: PageKey | null): SearchPage {
  const total = firstDateBefore(index, date);
  // Positions above `after` are the ones still to come, oldest last.
  const start = (after === null ? total : Math.min(total, firstBelow(index, after, true))) - 1;
  const positions: number[] = [];
  for (let i = start; i >= 0 && positions.length < limit; i--) positions.push(i);
  const last = positions.at(-1);
  const more = start - positions.length >= 0;
  return {
    positions,
    total,
    next: more && last !== undefined ? { date: index.dates[last]!, id: index.ids.at(last)! } : null,
  };
}
