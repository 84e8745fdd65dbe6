// A review's aspect annotations as the pages read them.
import type { Review, ReviewAspect } from "../../lib/schema/review.ts";

export type Polarity = ReviewAspect["sentiment"];

/** A review's aspect annotations with their evidence, as the Review schema types them (at most one per aspect). */
export function reviewAspects(review: Review): readonly ReviewAspect[] {
  return review.aspects ?? [];
}
