// Slices of the reviews (by date range, technician, service) through the search's own filter semantics, and their rating statistics.
import { z } from "zod";
import type { Review } from "../../../src/lib/schema/review.ts";
import { SearchFilters } from "../../../src/lib/schema/search.ts";
import type { SearchIndex } from "../../../src/lib/search/index.ts";
import { runSearch } from "../../../src/lib/search/run.ts";
import type { Snapshot } from "../data/snapshot.ts";

/** Every filter the search knows, off; built from the schema so a new filter is off here too. */
const NO_FILTERS = Object.freeze(
  Object.fromEntries(Object.keys(SearchFilters.shape).map((k) => [k, null])),
) as SearchFilters;

/** Every review matching `filters` (AND, as in search_reviews), newest first. */
export function reviewsWhere(index: SearchIndex, filters: Partial<SearchFilters>): Review[] {
  return runSearch(index, { ...NO_FILTERS, ...filters }, index.size, null).positions.map((i) => index.reviews[i]!);
}

export const Distribution = z
  .object({ "1": z.int().min(0), "2": z.int().min(0), "3": z.int().min(0), "4": z.int().min(0), "5": z.int().min(0) })
  .strict()
  .meta({ description: "Number of reviews per star rating" });

export const RatingStats = z
  .object({
    count: z.int().min(0).meta({ description: "Reviews in the slice" }),
    text_count: z.int().min(0).meta({ description: "Of which with text (the rest are rating-only)" }),
    average: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .meta({ description: "Mean star rating rounded to 2 decimals; null without reviews" }),
    distribution: Distribution,
    first_date: z.string().nullable().meta({ description: "Date of the oldest review in the slice (YYYY-MM-DD)" }),
    last_date: z.string().nullable().meta({ description: "Date of the newest review in the slice (YYYY-MM-DD)" }),
  })
  .strict();

export type RatingStats = z.output<typeof RatingStats>;

/** `reviews` newest first, as every slice is. */
export function ratingStats(reviews: readonly Review[]): RatingStats {
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let sum = 0;
  let textCount = 0;
  for (const r of reviews) {
    distribution[String(r.rating) as keyof typeof distribution]++;
    sum += r.rating;
    if (r.text !== null && r.text.trim() !== "") textCount++;
  }
  const n = reviews.length;
  return {
    count: n,
    text_count: textCount,
    average: n === 0 ? null : Math.round((sum / n) * 100) / 100,
    distribution,
    first_date: reviews.at(-1)?.date ?? null,
    last_date: reviews[0]?.date ?? null,
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
  return data.site.files.has(path) ? new URL(path, data.urls.home).href : null;
}
