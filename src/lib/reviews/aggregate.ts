// The aggregate rating of a set of reviews: count, average and the 1-5 distribution.
import type { AggregateRating } from "../schema/dataset.ts";
import type { Review } from "../schema/review.ts";

/** What the aggregate needs of a review: its stars and whether it has text. */
export type Rated = Readonly<{ rating: number; hasText: boolean }>;

/** A review has text unless it is rating-only (null) or its text is blank. */
export function hasText(text: string | null): boolean {
  return text !== null && NOT_BLANK.test(text);
}

const NOT_BLANK = /\S/;

/** Whether `review` has text. */
export function reviewHasText(review: Pick<Review, "text">): boolean {
  return hasText(review.text);
}

export function aggregateRating(reviews: Iterable<Pick<Review, "rating" | "text">>): AggregateRating {
  const tally = new RatingTally();
  for (const r of reviews) tally.add(r.rating, reviewHasText(r));
  return tally.aggregate();
}

export function aggregateOf(reviews: Iterable<Rated>): AggregateRating {
  const tally = new RatingTally();
  for (const r of reviews) tally.add(r.rating, r.hasText);
  return tally.aggregate();
}

/** Counts by stars, one review at a time: a build aggregates 100k reviews for several pages. */
export class RatingTally {
  #byStars = [0, 0, 0, 0, 0, 0];
  #count = 0;
  #textCount = 0;
  #sum = 0;

  add(rating: number, withText: boolean): void {
    this.#byStars[rating]!++;
    this.#count++;
    this.#sum += rating;
    if (withText) this.#textCount++;
  }

  aggregate(): AggregateRating {
    const [, one, two, three, four, five] = this.#byStars as [number, number, number, number, number, number];
    const count = this.#count;
    return {
      count,
      text_count: this.#textCount,
      average: count === 0 ? null : Math.round((this.#sum / count) * 100) / 100,
      best_rating: 5,
      worst_rating: 1,
      distribution: { "1": one, "2": two, "3": three, "4": four, "5": five },
    };
  }
}
