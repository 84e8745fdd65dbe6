// The editorial summary (claims that each cite where their figures come from) and the pull quote.
import type { Insights, SummaryClaim } from "../../schema/insights.ts";
import { count, stars, trendSentence } from "./prose.ts";
import { MIN_MENTIONS_FOR_SHARE, mentionsOf, shareOf, verdict } from "./verdict.ts";
import { reviewHasText } from "../../reviews/aggregate.ts";
import type { Review } from "../../schema/review.ts";

type Draft = Omit<Insights, "faq" | "summary">;
/** A pull quote's length in characters, at least and at most. */
export const QUOTE_MIN = 40;
export const QUOTE_MAX = 220;

export function summaryClaims(doc: Draft, businessName: string): SummaryClaim[] {
  if (doc.review_count === 0)
    return [{ text: `${businessName} has no published reviews yet.`, basis: ["/review_count"], review_ids: [] }];
  const s = doc.sentiment;
  const claims: SummaryClaim[] = [
    {
      text: `${businessName} has ${count(doc.review_count, "verified review")} from ${doc.date_range!.from} to ${doc.date_range!.to}, with an average rating of ${stars(s.average_rating!)} out of 5.`,
      basis: ["/review_count", "/date_range", "/sentiment/average_rating"],
      review_ids: [],
    },
    {
      text: `${shareOf(s.counts.positive, doc.review_count)} of the reviews are positive and ${shareOf(s.counts.negative, doc.review_count)} negative.`,
      basis: ["/review_count", "/sentiment/counts", "/sentiment/shares"],
      review_ids: [],
    },
  ];
  const indexed = doc.aspects.map((a, i) => ({ a, i }));
  // Praise only by the verdict rule (verdict.ts): >= 70% of at least 5 mentions positive.
  const praised = indexed
    .filter(({ a }) => verdict(a.counts) === "praised")
    .sort((x, y) => y.a.counts.positive - x.a.counts.positive || x.i - y.i)
    .slice(0, 2);
  if (praised.length) {
    const part = ({ a }: { a: (typeof doc.aspects)[number] }) =>
      `${a.label.toLowerCase()} (${mentionsOf(a.counts.positive, a.mention_count, "positive")})`;
    claims.push({
      text: `Customers praise ${praised.map(part).join(" and ")} most often.`,
      basis: praised.flatMap(({ i }) => [
        `/aspects/${i}/counts/positive`,
        `/aspects/${i}/mention_count`,
        `/aspects/${i}/shares/positive`,
      ]),
      review_ids: praised.flatMap(({ a }) => a.example_review_ids.positive.slice(0, 1)),
    });
  }
  const complaint = indexed
    .filter(({ a }) => a.counts.negative >= 2 && a.mention_count >= MIN_MENTIONS_FOR_SHARE)
    .sort((x, y) => y.a.counts.negative - x.a.counts.negative || x.i - y.i)[0];
  if (complaint) {
    const { a, i } = complaint;
    claims.push({
      text: `The most common complaint concerns ${a.label.toLowerCase()} (${mentionsOf(a.counts.negative, a.mention_count, "negative")}).`,
      basis: [`/aspects/${i}/counts/negative`, `/aspects/${i}/mention_count`, `/aspects/${i}/shares/negative`],
      review_ids: a.example_review_ids.negative.slice(0, 1),
    });
  }
  const top = doc.entities.technicians[0];
  if (top && top.mention_count >= 3) {
    claims.push({
      text: `${top.name} is the most mentioned technician (${count(top.mention_count, "review")}, average rating ${stars(top.average_rating!)}).`,
      basis: ["/entities/technicians/0"],
      review_ids: top.example_review_ids.slice(0, 1),
    });
  }
  claims.push({
    text: trendSentence("the average rating", "stars", doc.temporal.trend.rating),
    basis: ["/temporal/trend/rating"],
    review_ids: [],
  });
  return claims;
}

/**
 * A sentence from a review that carries the prevailing tone and judges the most aspects that way; ties go to the
 * stronger review, then the newest, then the id. The text is an exact excerpt. Read from the published reviews
 * (newest first), whose sentiment and aspects are the engine's, with its evidence.
 */
export function pullQuote(doc: Draft, reviews: readonly Review[]): Insights["summary"]["pull_quote"] {
  const tone = quoteTone(doc);
  // A review's rank can be no higher than [the aspects it judges that way, its strength, its recency]: reviews are read
  // in that order, and their text and evidence only while one could still rank above the best found.
  const candidates: { order: number; bound: number[] }[] = [];
  reviews.forEach((review, order) => {
    const { sentiment } = review;
    if (review.analysis_status === "not_analysed" || sentiment.label !== tone || !reviewHasText(review)) return;
    let judged = 0;
    for (const a of review.aspects) if (a.sentiment === tone) judged++;
    if (judged > 0) candidates.push({ order, bound: [judged, Math.abs(sentiment.score), -order] });
  });
  candidates.sort((a, b) => (greater(a.bound, b.bound) ? -1 : 1));
  let best: { review: Review; text: string; aspects: string[]; rank: number[] } | null = null;
  for (const { order, bound } of candidates) {
    if (best && !greater(bound, best.rank)) break;
    const review = reviews[order]!;
    const text = review.text!;
    const judged = review.aspects.filter((a) => a.sentiment === tone);
    for (const a of judged) {
      const sentence = sentenceAround(text, a.evidence);
      if (!sentence || sentence.length < QUOTE_MIN || sentence.length > QUOTE_MAX) continue;
      const covered = judged.filter((x) => sentence.includes(x.evidence)).map((x) => x.aspect);
      const rank = [covered.length, Math.abs(review.sentiment.score), -order];
      if (!best || greater(rank, best.rank)) best = { review, text: sentence, aspects: covered, rank };
    }
  }
  const b = best as { review: Review; text: string; aspects: string[] } | null;
  return b ? { review_id: b.review.id, text: b.text, sentiment: b.review.sentiment.label, aspects: b.aspects } : null;
}

type Tone = "positive" | "negative";

/** The tone a quote is sought in: the prevailing one. */
function quoteTone(doc: Pick<Draft, "sentiment">): Tone {
  return doc.sentiment.shares.positive >= doc.sentiment.shares.negative ? "positive" : "negative";
}

function greater(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/** The sentence of `text` that contains `excerpt`, trimmed, with its closing punctuation. */
export function sentenceAround(text: string, excerpt: string): string | null {
  const at = text.indexOf(excerpt);
  if (at < 0) return null;
  let start = at;
  while (start > 0 && !endsSentence(text.charCodeAt(start - 1), true)) start--;
  let end = at + excerpt.length;
  while (end < text.length && !endsSentence(text.charCodeAt(end), true)) end++;
  while (end < text.length && endsSentence(text.charCodeAt(end), false)) end++;
  return text.slice(start, end).trim() || null;
}

/** `.`, `!` or `?` (and a line break when `orBreak`): compared as code units, a build runs this over 100k reviews. */
function endsSentence(c: number, orBreak: boolean): boolean {
  return c === 0x2e || c === 0x21 || c === 0x3f || (orBreak && c === 0x0a);
}
