// What a feed says about one review: its URN, title and plain text (with the owner's reply); its last change is
// src/lib/reviews/last-change.ts's.
import type { Review } from "../schema/review.ts";

export const FEED_SIZE = 50;

export function reviewUrn(businessId: string, reviewId: string): string {
  return `urn:reviews:${businessId}:${reviewId}`;
}

export function reviewTitle(review: Review): string {
  const stars = "★".repeat(review.rating) + "☆".repeat(5 - review.rating);
  return review.title ? `${stars} ${review.title} — ${review.author.name}` : `${stars} Review by ${review.author.name}`;
}

/** Plain text of the review with the owner's reply; rating-only reviews say so rather than stay empty. */
export function reviewPlainText(review: Review): string {
  const body = review.text ?? `Rated ${review.rating} out of 5 (no written review).`;
  return review.owner_reply
    ? `${body}\n\nResponse from the owner (${review.owner_reply.date}):\n${review.owner_reply.text}`
    : body;
}
