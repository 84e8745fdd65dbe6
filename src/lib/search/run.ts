// Runs a search over the index: AND of every filter, newest first, keyset paging after a (date, id) position.
import type { SearchFilters } from "../schema/search-results.ts";
import { andInto, type Bitset, emptyBitset, forEachFrom, orInto, popcount, setRange } from "./bitset.ts";
import type { SearchIndex } from "./index.ts";
import { filterByText } from "./text-index.ts";
import { partitionPoint } from "../partition-point.ts";

export type PageKey = { date: string; id: string };

export type SearchPage = { positions: number[]; total: number; next: PageKey | null };

export function runSearch(
  index: SearchIndex,
  filters: SearchFilters,
  limit: number,
  after: PageKey | null,
): SearchPage {
  const matches = matching(index, filters);
  const total = popcount(matches);
  const start = after ? firstBelow(index, after) : 0;
  const positions: number[] = [];
  let more = false;
  forEachFrom(matches, start, (i) => {
    if (positions.length === limit) return !(more = true);
    positions.push(i);
    return true;
  });
  const last = positions.at(-1);
  return {
    positions,
    total,
    next: more && last !== undefined ? { date: index.dates[last]!, id: index.ids.at(last)! } : null,
  };
}

function matching(index: SearchIndex, f: SearchFilters): Bitset {
  const { size } = index;
  // Positions are in date-descending order, so the date range is one run of positions, found by binary search.
  const lo = f.until === null ? 0 : firstDateBefore(index, nextDay(f.until));
  const hi = f.since === null ? size : firstDateBefore(index, f.since);
  const bits = emptyBitset(size);
  if (lo < hi) setRange(bits, lo, hi);
  if (f.rating !== null) andInto(bits, index.byRating[f.rating]!);
  if (f.min_rating !== null) {
    const atLeast = emptyBitset(size);
    for (let r = Math.ceil(f.min_rating); r <= 5; r++) orInto(atLeast, index.byRating[r]!);
    andInto(bits, atLeast);
  }
  if (f.max_rating !== null) {
    const atMost = emptyBitset(size);
    for (let r = 1; r <= Math.floor(f.max_rating); r++) orInto(atMost, index.byRating[r]!);
    andInto(bits, atMost);
  }
  for (const [filter, byId] of [
    [f.mentions_technician, index.byTechnician],
    [f.mentions_service, index.byService],
  ] as const) {
    if (filter === null) continue;
    // An id of another release's catalog (a cursor kept across releases) matches nothing.
    const set = byId.get(filter.resolved);
    if (set) andInto(bits, set);
    else bits.fill(0);
  }
  if (f.aspect !== null) {
    const set = f.aspect.resolved === null ? undefined : index.byAspect.get(f.aspect.resolved);
    if (set) andInto(bits, set[f.aspect_sentiment ?? "any"]);
    else bits.fill(0);
  }
  if (f.sentiment !== null) andInto(bits, index.bySentiment[f.sentiment]);
  if (f.query !== null) filterByText(index.text, f.query, bits);
  return bits;
}

/** First position whose date is before `date` (dates descend along positions). */
export const firstDateBefore = (index: SearchIndex, date: string): number =>
  partitionPoint(index.size, (i) => index.dates[i]! >= date);

/**
 * Positions run in (date, id) descending order: the first position whose (date, id) is below `key`; with `orAt`, the
 * first at or below it.
 */
export function firstBelow(index: SearchIndex, key: PageKey, orAt = false): number {
  return partitionPoint(index.size, (i) => {
    const d = index.dates[i]!;
    if (d !== key.date) return d > key.date;
    const id = index.ids.at(i)!;
    return orAt ? id > key.id : id >= key.id;
  });
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
