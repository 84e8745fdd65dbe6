// The one rule that turns an aspect's counts into words: every "praise", "most", "divided" or "too few" comes from here.
import { pct } from "./prose.ts";
import { share } from "./stats.ts";

type Counts = { positive: number; neutral: number; negative: number };

/** Fewer mentions than this and no share is given: "too few reviews to say". */
export const MIN_MENTIONS_FOR_SHARE = 5;
/** "Customers praise X" / "most reviewers say yes": at least this share of its mentions positive (and enough mentions). */
const PRAISE_SHARE = 0.7;
/** "Most reviewers say no": at least this share negative. */
const CRITICISM_SHARE = 0.7;
/** "Opinions are divided": both sides at least this share. */
const DIVIDED_SHARE = 0.25;

export type Verdict =
  "too_few" | "praised" | "criticised" | "divided" | "mostly_positive" | "mostly_negative" | "no_majority";

/**
 * The verdict on counts, by the first rule that holds: under 5 mentions, too few; >= 70% positive, praised; >= 70%
 * negative, criticised; both sides >= 25%, divided; more than half positive (or negative), mostly so; else no majority.
 */
export function verdict(c: Counts): Verdict {
  const n = c.positive + c.neutral + c.negative;
  if (n < MIN_MENTIONS_FOR_SHARE) return "too_few";
  if (c.positive >= PRAISE_SHARE * n) return "praised";
  if (c.negative >= CRITICISM_SHARE * n) return "criticised";
  if (c.positive >= DIVIDED_SHARE * n && c.negative >= DIVIDED_SHARE * n) return "divided";
  if (c.positive * 2 > n) return "mostly_positive";
  if (c.negative * 2 > n) return "mostly_negative";
  return "no_majority";
}

/** The verdict as the FAQ's answer to a yes/no question about the aspect. */
export const VERDICT_SENTENCE: Record<Verdict, string> = {
  too_few: "Too few reviews to say.",
  praised: "Most reviewers say yes.",
  criticised: "Most reviewers say no.",
  divided: "Opinions are divided.",
  mostly_positive: "More reviewers say yes than no, short of the 7 in 10 that would make it clear.",
  mostly_negative: "More reviewers say no than yes, short of the 7 in 10 that would make it clear.",
  no_majority: "Most mentions neither praise nor criticise it.",
};

/** A share with the count it comes from: "71% (5 of 7)"; the percentage of the published share (3 decimals). */
export function shareOf(k: number, n: number): string {
  return `${pct(share(k, n))} (${k} of ${n})`;
}

/** The mentions of one polarity with their share, for a parenthesis: "144 of 179 mentions positive, 80%". */
export function mentionsOf(k: number, n: number, polarity: string): string {
  return `${k} of ${n} mentions ${polarity}, ${pct(share(k, n))}`;
}
