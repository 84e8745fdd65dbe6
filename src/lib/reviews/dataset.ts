// Derives the published reviews dataset from validated source data (pure: no I/O).
import { localDate, maxTimestamp } from "../dates.ts";
import type { Business } from "../schema/business.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { Review, ReviewInput } from "../schema/review.ts";
import { aggregateRating } from "./aggregate.ts";
import { mentionMatcher } from "./mentions.ts";
import { newestFirst } from "./order.ts";

export function buildDataset(business: Business, inputs: readonly ReviewInput[]): ReviewsDataset {
  const tz = business.time_zone;
  const match = mentionMatcher(business);
  let updatedAt = business.updated_at;
  const reviews: Review[] = inputs.map((r) => {
    updatedAt = maxTimestamp(maxTimestamp(maxTimestamp(updatedAt, r.published_at), r.updated_at), r.owner_reply?.published_at);
    const searchable = [r.title, r.text].filter((s): s is string => s !== null).join("\n");
    return {
      id: r.id,
      date: localDate(r.published_at, tz),
      published_at: r.published_at,
      updated_at: r.updated_at,
      rating: r.rating,
      title: r.title,
      text: r.text,
      language: r.language ?? business.language,
      author: r.author,
      experience_date: r.experience_date,
      verified: r.verified,
      source: r.source,
      owner_reply: r.owner_reply && { ...r.owner_reply, date: localDate(r.owner_reply.published_at, tz) },
      mentions: match(searchable),
    };
  });
  reviews.sort(newestFirst);
  return { business, aggregate_rating: aggregateRating(reviews), updated_at: updatedAt, reviews };
}
