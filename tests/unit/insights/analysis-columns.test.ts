// The analyses as columns: what /insights.json is computed from.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyzerFor } from "../../../src/lib/insights/for-business.ts";
import { analysisColumns, computeInsights } from "../../../src/lib/insights/insights.ts";
import { datasetOf, spread } from "./fixtures.ts";

const dataset = datasetOf(spread(120, 12, (i) => [5, 4, 1, 5, 3, 2][i % 6]!));
const { reviews } = dataset;
const analyzer = analyzerFor(dataset.business);
const analysisOf = (r: { text: string | null; rating: number }) => analyzer.analyze(r.text, r.rating);
const columns = analysisColumns(reviews, analysisOf);

describe("analysis columns", () => {
  it("give the insights the analyses give", () => {
    const analyses = new Map(reviews.map((r) => [r.id, analysisOf(r)]));
    assert.equal(
      JSON.stringify(computeInsights(dataset, { analyzer, columns })),
      JSON.stringify(computeInsights(dataset, { analyzer, analyses })),
    );
    assert.ok(columns.strings.length > 0 && columns.aspect.length > 0, "the fixture's texts judge aspects");
  });

  it("are the same columns whether taken from earlier columns or made from the analyses", () => {
    // The newest ten made anew, the others taken from the columns of the older reviews alone (other string numbers).
    const older = reviews.slice(10);
    const previous = analysisColumns(older, analysisOf);
    const from = Int32Array.from(reviews, (_, k) => (k < 10 ? -1 : k - 10));
    const spliced = analysisColumns(reviews, analysisOf, { columns: previous, from });
    assert.deepEqual(spliced, columns);
    // A position that is not one of the earlier columns', or positions for another number of reviews, are refused.
    const past = Int32Array.from(from, (p) => (p === -1 ? -1 : p + 10));
    assert.throws(() => analysisColumns(reviews, analysisOf, { columns: previous, from: past }), /no position 110/);
    assert.throws(
      () => analysisColumns(reviews, analysisOf, { columns: previous, from: from.subarray(1) }),
      /positions for 119 reviews, not 120/,
    );
  });

  it("refuse insights for another number of reviews", () => {
    assert.throws(
      () => computeInsights({ ...dataset, reviews: reviews.slice(1) }, { analyzer, columns }),
      /analyses of 120 reviews for a dataset of 119/,
    );
  });
});
