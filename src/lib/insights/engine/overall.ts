// The overall tone of a review: what its text says, weighed against its stars by how much the text says.
import { round, squash } from "./score.ts";
import type { ReviewAnalysis, ReviewSentimentLabel } from "./types.ts";

/** Text signals this strong (summed over both sides) count fully; weaker text defers to the stars. */
const CLEAR_TEXT = 1.5;

/**
 * The review's tone. With a rating, the text's weight grows with how much it says (up to half), so short or unclear
 * text follows the stars; "mixed" needs clear praise and clear complaint of similar strength, with an aspect judged each
 * way (`bothWays`) when there are stars, and never applies to 1 or 5 stars; a score too close to 0 to call takes the
 * stars' side (3 stars: neutral).
 */
export function overall(
  pos: number,
  neg: number,
  net: number,
  fromRating: number | null,
  polar: boolean,
  bothWays: boolean,
): ReviewAnalysis["sentiment"] {
  const fromText = polar ? squash(net) : null;
  const textWeight = fromText === null ? 0 : 0.5 * Math.min(1, (pos + neg) / CLEAR_TEXT);
  const score = fromRating === null ? (fromText ?? 0) : textWeight * (fromText ?? 0) + (1 - textWeight) * fromRating;
  const balanced = pos >= 0.8 && neg >= 0.8 && Math.min(pos, neg) / Math.max(pos, neg) >= 0.5 && Math.abs(score) < 0.5;
  const unmixable = fromRating !== null && (Math.abs(fromRating) === 1 || !bothWays);
  const stars: ReviewSentimentLabel =
    fromRating === null || fromRating === 0 ? "neutral" : fromRating > 0 ? "positive" : "negative";
  const label: ReviewSentimentLabel =
    balanced && !unmixable ? "mixed" : score >= 0.2 ? "positive" : score <= -0.2 ? "negative" : stars;
  return { label, score: round(score) };
}
