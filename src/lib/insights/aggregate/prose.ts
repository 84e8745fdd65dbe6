// Formatting shared by the FAQ and the summary: every number printed here comes from a field the prose points to.
import type { Trend } from "../../schema/insights.ts";
import type { Review } from "../../schema/review.ts";

export const pct = (share: number) => `${Math.round(Math.round(share * 1000) / 10)}%`;
export const stars = (rating: number) => rating.toFixed(2);
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The evidence a review gives for an aspect, quoted, or null. */
export function evidenceOf(reviews: ReadonlyMap<string, Review>, reviewId: string, aspect: string): string | null {
  return reviews.get(reviewId)?.aspects.find((a) => a.aspect === aspect)?.evidence ?? null;
}

export function quote(text: string, reviewId: string): string {
  return `“${text}” (review ${reviewId})`;
}

/** One sentence on a trend, claiming a direction only when the trend says the data supports it. */
export function trendSentence(what: string, unit: string, t: Trend): string {
  if (t.direction === "insufficient_data" || t.slope_per_year === null || t.ci95 === null) {
    return `There are too few reviews in the last ${t.window_months} months (${t.n}) to tell whether ${what} is changing.`;
  }
  // Words for customers: the interval and the test stay in the trend's fields (/insights.json), not in the sentence.
  const ci = `${t.n} reviews from ${t.from} to ${t.to}`;
  switch (t.direction) {
    case "improving":
      return `${capital(what)} is improving: about ${t.slope_per_year} ${unit} a year (${ci}).`;
    case "declining":
      return `${capital(what)} is declining: about ${t.slope_per_year} ${unit} a year (${ci}).`;
    case "stable":
      return `${capital(what)} is stable: any change is smaller than ${t.min_effect_per_year} ${unit} a year (${ci}).`;
    default:
      return `There is no clear trend in ${what} (${ci}).`;
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
