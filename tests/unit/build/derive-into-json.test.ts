// A full build's reviews derived straight into their JSON: the same reviews, in the same order, with the same bytes as
// the reviews derived whole, sorted and written one by one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { deriveIntoJson } from "../../../src/build/derive-into-json.ts";
import { reviewJsonBytes } from "../../../src/build/dataset-json.ts";
import { aspectTonesOf } from "../../../src/lib/insights/analysis-columns.ts";
import { analyzerFor } from "../../../src/lib/insights/for-business.ts";
import { analysisColumns, computeInsights } from "../../../src/lib/insights/insights.ts";
import { mentionWarnings } from "../../../src/lib/reviews/mention-warnings.ts";
import { assembleDataset, deriveReviews } from "../../../src/lib/reviews/dataset.ts";
import { isStored } from "../../../src/lib/reviews/stored-review.ts";
import type { Review, ReviewInput } from "../../../src/lib/schema/review.ts";
import { sampleBusiness, sampleSets } from "../../helpers/sample-sets.ts";

const analyzer = analyzerFor(sampleBusiness);
const analysisOf = (r: ReviewInput) => analyzer.analyze(r.text, r.rating);

/** The reviews as the build derived them before: every one whole, then sorted and written. */
function derivedWhole(inputs: readonly ReviewInput[]): { reviews: Review[]; json: string[] } {
  const { reviews } = assembleDataset(sampleBusiness, deriveReviews(sampleBusiness, inputs, analysisOf));
  return { reviews, json: reviewJsonBytes(reviews).map((b) => b.toString("utf8")) };
}

/** What the passes over all reviews read without parsing a stored review. */
const eager = (r: Review) => [r.id, r.date, r.published_at, r.updated_at, r.rating, r.mentions, r.sentiment];

for (const [name, inputs] of sampleSets) {
  test(`${name}: the same reviews in the same order, each with the same JSON`, () => {
    const expected = derivedWhole(inputs);
    // Shuffled, so that the order is the derivation's own and not the source's.
    const shuffled = inputs.map((r, i) => [(i * 7919) % inputs.length, r] as const).sort((a, b) => a[0] - b[0]);
    const { reviews, json } = deriveIntoJson(
      sampleBusiness,
      shuffled.map(([, r]) => r),
      analysisOf,
    );
    assert.deepEqual(
      json.map((b) => b.toString("utf8")),
      expected.json,
    );
    assert.ok(reviews.every(isStored), "every review is read back from its JSON");
    assert.deepEqual(reviews.map(eager), expected.reviews.map(eager));
    assert.deepEqual(
      reviews.map((r) => JSON.stringify(r)),
      expected.json,
    );
  });
}

/** /insights.json and the build's mention warnings, from `reviews` as the build computes them. */
function computed(reviews: Review[]): string {
  const dataset = assembleDataset(sampleBusiness, reviews);
  const columns = analysisColumns(dataset.reviews, (r) => analyzer.analyze(r.text, r.rating));
  const tones = aspectTonesOf(columns);
  dataset.reviews.forEach((r, k) => isStored(r) && r.knowTones(tones(k)));
  return JSON.stringify([computeInsights(dataset, { analyzer, columns }), mentionWarnings(sampleBusiness, reviews)]);
}

for (const [name, inputs] of sampleSets.slice(0, 3)) {
  test(`${name}: the insights and warnings from the reviews read back are those from the reviews derived whole`, () => {
    const stored = deriveIntoJson(sampleBusiness, inputs, analysisOf).reviews;
    assert.ok(stored.every(isStored));
    assert.equal(computed(stored), computed(derivedWhole(inputs).reviews));
  });
}

test("a review whose JSON a stored review does not read is parsed whole, in its place", () => {
  const [first, ...rest] = sampleSets[0]![1];
  // Its local date has three digits for the year: not where a stored review reads a date.
  const ancient = { ...first!, id: "ancient-1", published_at: "0999-06-01T12:00:00Z", updated_at: null };
  const inputs = [ancient, ...rest];
  const expected = derivedWhole(inputs);
  const { reviews, json } = deriveIntoJson(sampleBusiness, inputs, analysisOf);
  const ancientAt = reviews.findIndex((r) => r.id === "ancient-1");
  assert.equal(
    ancientAt,
    expected.reviews.findIndex((r) => r.id === "ancient-1"),
  );
  assert.equal(isStored(reviews[ancientAt]!), false);
  assert.ok(reviews.filter(isStored).length === reviews.length - 1, "the others are read back");
  assert.deepEqual(
    json.map((b) => b.toString("utf8")),
    expected.json,
  );
  assert.deepEqual(
    reviews.map((r) => JSON.stringify(r)),
    expected.json,
  );
});

test("no reviews: none derived and no JSON", () => {
  assert.deepEqual(deriveIntoJson(sampleBusiness, [], analysisOf), { reviews: [], json: [] });
});
