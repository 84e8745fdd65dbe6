// Derives the published reviews dataset from validated source data (pure: no I/O).
import { localDate, maxTimestamp } from "../dates.ts";
import { detectLanguage } from "../text/language.ts";
import { ratingOnly, type ReviewAnalysis } from "../insights/engine/analyze.ts";
import { analyzerFor } from "../insights/for-business.ts";
import { analysisStatus } from "../insights/languages.ts";
import type { Business } from "../schema/business.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { Review, ReviewInput } from "../schema/review.ts";
import { aggregateRating } from "./aggregate.ts";
import { mentionMatcher } from "./mentions.ts";
import { newestFirst } from "./order.ts";
import { reviewModifiedAt } from "./last-change.ts";

/** The engine's analysis of one review; the build passes a cached one, tests may rely on the default engine. */
export type AnalysisOf = (review: ReviewInput) => ReviewAnalysis;

export function buildDataset(
  business: Business,
  inputs: readonly ReviewInput[],
  analysisOf?: AnalysisOf,
): ReviewsDataset {
  return assembleDataset(business, deriveReviews(business, inputs, analysisOf));
}

/** Each input as the published review: local dates, default language, catalog mentions and the engine's annotations. */
export function deriveReviews(business: Business, inputs: readonly ReviewInput[], analysisOf?: AnalysisOf): Review[] {
  const analyze = analysisOf ?? defaultAnalysis(business);
  const tz = business.time_zone;
  const match = mentionMatcher(business);
  return inputs.map((r): Review => {
    const searchable = [r.title, r.text].filter((s): s is string => s !== null).join("\n");
    const language = r.language ?? detectLanguage(r.text, business.language);
    const status = analysisStatus(r.text, language);
    // A text the engine cannot read gets the stars' tone and no aspects, and says so, rather than English rules' noise.
    const analysis = status === "not_analysed" ? ratingOnly(r.rating) : analyze(r);
    return {
      id: r.id,
      date: localDate(r.published_at, tz),
      published_at: r.published_at,
      updated_at: r.updated_at,
      rating: r.rating,
      title: r.title,
      text: r.text,
      language,
      author: r.author,
      experience_date: r.experience_date,
      verified: r.verified,
      source: r.source,
      owner_reply: r.owner_reply && { ...r.owner_reply, date: localDate(r.owner_reply.published_at, tz) },
      mentions: match(searchable),
      analysis_status: status,
      sentiment: analysis.sentiment,
      aspects: analysis.aspects.map(({ aspect, sentiment, evidence }) => ({ aspect, sentiment, evidence })),
    };
  });
}

/** The dataset of published reviews in any order: sorted newest first, with its aggregate and its newest change. */
export function assembleDataset(business: Business, reviews: Review[]): ReviewsDataset {
  let updatedAt = business.updated_at;
  for (const r of reviews) updatedAt = maxTimestamp(updatedAt, reviewModifiedAt(r));
  reviews.sort(newestFirst);
  return { business, aggregate_rating: aggregateRating(reviews), updated_at: updatedAt, reviews };
}

function defaultAnalysis(business: Business): AnalysisOf {
  const analyzer = analyzerFor(business);
  return (r) => analyzer.analyze(r.text, r.rating);
}
