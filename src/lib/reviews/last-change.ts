// When a review last changed: published, edited by its reviewer, or replied to by the owner.
import { maxTimestamp } from "../dates.ts";
import type { Review } from "../schema/review.ts";

/** The newest of the review's publication, its edit and the owner's reply. */
export function reviewModifiedAt(review: Review): string {
  return maxTimestamp(maxTimestamp(review.published_at, review.updated_at), review.owner_reply?.published_at ?? null);
}
