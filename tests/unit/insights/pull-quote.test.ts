// The pull quote is the best sentence over every review.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyzerFor } from "../../../src/lib/insights/for-business.ts";
import { computeInsights } from "../../../src/lib/insights/insights.ts";
import { QUOTE_MAX, QUOTE_MIN, sentenceAround } from "../../../src/lib/insights/aggregate/summary.ts";
import { buildDataset } from "../../../src/lib/reviews/dataset.ts";
import type { Insights } from "../../../src/lib/schema/insights.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { sampleBusiness as business, sampleSets } from "../../helpers/sample-sets.ts";

/**
 * The rule as the summary's documentation states it, over every sentence of every review: the most aspects judged in
 * the prevailing tone, then the stronger review, then the newest; the first such sentence of a review.
 */
function expected(doc: Insights, reviews: readonly Review[]): Insights["summary"]["pull_quote"] {
  const tone = doc.sentiment.shares.positive >= doc.sentiment.shares.negative ? "positive" : "negative";
  let best: { rank: number[]; quote: NonNullable<Insights["summary"]["pull_quote"]> } | null = null;
  reviews.forEach((r, order) => {
    if (r.analysis_status === "not_analysed" || !r.text || r.sentiment.label !== tone) return;
    const judged = r.aspects.filter((a) => a.sentiment === tone);
    for (const a of judged) {
      const sentence = sentenceAround(r.text, a.evidence);
      if (!sentence || sentence.length < QUOTE_MIN || sentence.length > QUOTE_MAX) continue;
      const covered = judged.filter((x) => sentence.includes(x.evidence)).map((x) => x.aspect);
      const rank = [covered.length, Math.abs(r.sentiment.score), -order];
      if (!best || greater(rank, best.rank))
        best = { rank, quote: { review_id: r.id, text: sentence, sentiment: r.sentiment.label, aspects: covered } };
    }
  });
  return best ? (best as { quote: NonNullable<Insights["summary"]["pull_quote"]> }).quote : null;
}

/** Whether rank `a` is above `b`: compared number by number. */
function greater(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((v, j) => v !== b[j]);
  return i !== -1 && a[i]! > b[i]!;
}

describe("pull quote", () => {
  const analyzer = analyzerFor(business);
  for (const [name, inputs] of sampleSets) {
    it(`is the best sentence over every review: ${name}`, () => {
      const dataset = buildDataset(business, inputs, (r) => analyzer.analyze(r.text, r.rating));
      const doc = computeInsights(dataset, { analyzer });
      const want = expected(doc, dataset.reviews);
      assert.notEqual(want, null, "the set has a quote to find");
      assert.deepEqual(doc.summary.pull_quote, want);
    });
  }
});
