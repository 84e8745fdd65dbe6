// What the insights say in a sentence or two: the rating trend (only when the engine could tell) and the pull quote with its review.
import type { Review } from "../../lib/schema/review.ts";
import type { Insights } from "../../lib/schema/insights.ts";

// Only claimed when the insights engine says the data supports it (it publishes "inconclusive" otherwise).
const TREND_WORDS: Record<string, string> = {
  improving: "Ratings have been improving.",
  declining: "Ratings have been declining.",
  stable: "Ratings have held steady.",
};

export type TrendClaim = Readonly<{ direction: string; text: string; from: string | null; to: string | null }>;

export function ratingTrend(insights: Insights): TrendClaim | null {
  const { direction, from, to } = insights.temporal.trend.rating;
  const text = TREND_WORDS[direction];
  return text ? { direction, text, from, to } : null;
}

export type PullQuote = Readonly<{ text: string; review: Review | null; index: number }>;

/** The summary's pull quote and the review it comes from (its position in the list, for its archive page). */
export function pullQuote(insights: Insights, reviews: readonly Review[]): PullQuote | null {
  const quote = insights.summary.pull_quote;
  if (!quote) return null;
  const index = reviews.findIndex((r) => r.id === quote.review_id);
  return { text: quote.text, review: index >= 0 ? reviews[index]! : null, index };
}
