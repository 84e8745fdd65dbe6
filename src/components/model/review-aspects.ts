// A review's aspect annotations as the pages read them.
import type { Review, ReviewAspect } from "../../lib/schema/review.ts";

export type Polarity = ReviewAspect["sentiment"];

/**
 * A review's aspect annotations with their evidence, as the Review schema types them (at most one per aspect); what
 * passes over every review count comes from `aspectTones` (src/lib/reviews/stored-review.ts), which a review read back
 * answers without parsing its JSON.
 */
export function reviewAspects(review: Review): readonly ReviewAspect[] {
  return review.aspects ?? [];
}
