// The aggregate rating of a set of reviews: count, average and the 1-5 distribution.
import type { AggregateRating } from "../schema/dataset.ts";

export function aggregateRating(reviews: Iterable<{ rating: number; text: string | null }>): AggregateRating {
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let count = 0;
  let textCount = 0;
  let sum = 0;
  for (const r of reviews) {
    distribution[String(r.rating) as keyof typeof distribution]++;
    count++;
    sum += r.rating;
    if (r.text !== null && r.text.trim() !== "") textCount++;
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
