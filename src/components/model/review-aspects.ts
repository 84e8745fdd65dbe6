// A review's aspect annotations as the pages read them.
import type { Review, ReviewAspect } from "../../lib/schema/review.ts";

export type Polarity = ReviewAspect["sentiment"];

/**
 * A review's aspect annotations, as the Review schema types them (at most one per aspect). Read as they are: a build
 * counts each of 100k reviews on several pages.
 */
export function reviewAspects(review: Review): readonly ReviewAspect[] {
  return review.aspects ?? [];
}
