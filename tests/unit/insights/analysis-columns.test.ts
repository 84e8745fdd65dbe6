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

  it("refuse insights for another number of reviews", () => {
    assert.throws(
      () => computeInsights({ ...dataset, reviews: reviews.slice(1) }, { analyzer, columns }),
      /analyses of 120 reviews for a dataset of 119/,
    );
  });
});
