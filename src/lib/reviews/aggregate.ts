// The aggregate rating of a set of reviews: count, average and the 1-5 distribution.
import type { AggregateRating } from "../schema/dataset.ts";

/** What the aggregate needs of a review: its stars and whether it has text. */
export type Rated = Readonly<{ rating: number; hasText: boolean }>;

/** A review has text unless it is rating-only (null) or its text is blank. */
export function hasText(text: string | null): boolean {
  return text !== null && text.trim() !== "";
}

export function aggregateRating(reviews: Iterable<{ rating: number; text: string | null }>): AggregateRating {
  const rated = function* () {
    for (const r of reviews) yield { rating: r.rating, hasText: hasText(r.text) };
  };
  return aggregateOf(rated());
}

export function aggregateOf(reviews: Iterable<Rated>): AggregateRating {
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let count = 0;
  let textCount = 0;
  let sum = 0;
  for (const r of reviews) {
    distribution[String(r.rating) as keyof typeof distribution]++;
    count++;
    sum += r.rating;
    if (r.hasText) textCount++;
  }
  return {
    count,
    text_count: textCount,
    average: count === 0 ? null : Math.round((sum / count) * 100) / 100,
    best_rating: 5,
    worst_rating: 1,
    distribution,
  };
}
