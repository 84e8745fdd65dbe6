// schema.org Review nodes for published reviews, following Google's review-snippet rules.
import type { Review } from "../schema/review.ts";
import { platformName } from "../reviews/platforms.ts";
import type { JsonLdNode } from "./script.ts";

/**
 * A review nested in its business (so `itemReviewed` is implied): author as a Person with a name,
 * the rating on the 1-5 scale, the publication date; body and title only when the reviewer wrote them.
 */
export function reviewNode(review: Review): JsonLdNode {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: review.author.name.slice(0, 100) },
    datePublished: review.date,
    ...(review.updated_at ? { dateModified: review.updated_at.slice(0, 10) } : {}),
    reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    ...(review.title ? { name: review.title } : {}),
    ...(review.text ? { reviewBody: review.text } : {}),
    inLanguage: review.language,
    publisher: { "@type": "Organization", name: platformName(review.source.platform) },
    ...(review.source.url ? { url: review.source.url } : {}),
  };
}
