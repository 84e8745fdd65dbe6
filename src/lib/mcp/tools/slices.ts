// Slices of the reviews (by date range, technician, service) through the search's own filter semantics, and their rating statistics.
import { z } from "zod";
import { aggregateOf, type Rated } from "../../reviews/aggregate.ts";
import { AggregateRating } from "../../schema/dataset.ts";
import type { Review } from "../../schema/review.ts";
import { SearchFilters } from "../../schema/search-results.ts";
import { type Bitset, forEachFrom, hasBit } from "../../search/bitset.ts";
import type { SearchIndex } from "../../search/index.ts";
import { runSearch } from "../../search/run.ts";
import type { Snapshot } from "../snapshot.ts";

/** Every filter the search knows, off; built from the schema so a new filter is off here too. */
const NO_FILTERS = Object.freeze(
  Object.fromEntries(Object.keys(SearchFilters.shape).map((k) => [k, null])),
) as SearchFilters;

/** Some reviews of the index as positions, newest first; statistics read the index's columns, records are parsed on demand. */
export type Slice = Readonly<{ index: SearchIndex; positions: readonly number[] }>;

/** Every review matching `filters` (AND, as in search_reviews). */
export function sliceWhere(index: SearchIndex, filters: Partial<SearchFilters>): Slice {
  return { index, positions: runSearch(index, { ...NO_FILTERS, ...filters }, index.size, null).positions };
}

/** The reviews whose positions are set in `bits`. */
export function sliceOf(index: SearchIndex, bits: Bitset): Slice {
  const positions: number[] = [];
  forEachFrom(bits, 0, (i) => {
    positions.push(i);
    return true;
  });
  return { index, positions };
}

/** The `n` newest reviews of the slice, whole. */
export function newest(slice: Slice, n: number): Review[] {
  return slice.index.reviews(slice.positions.slice(0, n));
}

/** Stars and text-or-not of each review of the slice, from the index's columns. */
export function* rated({ index, positions }: Slice): Generator<Rated> {
  for (const i of positions) yield { rating: index.ratings[i]!, hasText: hasBit(index.withText, i) };
}

export const RatingStats = z
  .object({
    count: AggregateRating.shape.count.meta({ description: "Reviews in the slice" }),
    text_count: AggregateRating.shape.text_count.meta({ description: "Of which with text (the rest are rating-only)" }),
    average: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .meta({ description: "Mean star rating rounded to 2 decimals; null without reviews" }),
    distribution: AggregateRating.shape.distribution,
    first_date: z.string().nullable().meta({ description: "Date of the oldest review in the slice (YYYY-MM-DD)" }),
    last_date: z.string().nullable().meta({ description: "Date of the newest review in the slice (YYYY-MM-DD)" }),
  })
  .strict();

export type RatingStats = z.output<typeof RatingStats>;

export function ratingStats(slice: Slice): RatingStats {
  const { count, text_count, average, distribution } = aggregateOf(rated(slice));
  const { index, positions } = slice;
  const [first, last] = [positions.at(-1), positions[0]];
  return {
    count,
    text_count,
    average,
    distribution,
    first_date: first === undefined ? null : index.dates[first]!,
    last_date: last === undefined ? null : index.dates[last]!,
  };
}

/** A short form of a review for lists: enough to judge it and to fetch it whole with get_review. */
export const ReviewDigest = z
  .object({
    id: z.string(),
    date: z.string(),
    rating: z.int().min(1).max(5),
    author: z.string(),
    excerpt: z
      .string()
      .nullable()
      .meta({ description: "The text, cut at 280 characters; null for a rating-only review" }),
  })
  .strict();

const EXCERPT_CHARS = 280;

export function digest(r: Review): z.output<typeof ReviewDigest> {
  const t = r.text;
  return {
    id: r.id,
    date: r.date,
    rating: r.rating,
    author: r.author.name,
    excerpt: t === null ? null : t.length <= EXCERPT_CHARS ? t : `${t.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`,
  };
}

/** The site's HTML page at `path` when this release publishes one. */
export function pageUrl(data: Snapshot, path: string): string | null {
  return data.publishes(path) ? new URL(path, data.urls.home).href : null;
}
