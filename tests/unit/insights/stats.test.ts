// The statistics behind trend claims, against textbook values.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { olsSlope, studentTQuantile, twoSidedP } from "../../../src/lib/insights/aggregate/stats.ts";

describe("stats", () => {
  it("Student t quantiles and p-values match the tables", () => {
    assert.equal(studentTQuantile(0.975, 1).toFixed(3), "12.706");
    assert.equal(studentTQuantile(0.975, 10).toFixed(4), "2.2281");
    assert.equal(studentTQuantile(0.975, 100).toFixed(4), "1.9840");
    assert.equal(twoSidedP(2.0, 20).toFixed(4), "0.0593");
    assert.equal(twoSidedP(0, 5), 1);
  });

  it("OLS recovers a slope and brackets it; refuses degenerate input", () => {
    const xs = Array.from({ length: 50 }, (_, i) => i / 10);
    const ys = xs.map((x, i) => 2 + 0.5 * x + (i % 2 ? 0.1 : -0.1));
    const fit = olsSlope(xs, ys)!;
    assert.ok(Math.abs(fit.slope - 0.5) < 0.01);
    assert.ok(fit.ci95[0] < 0.5 && 0.5 < fit.ci95[1]);
    assert.ok(fit.pValue < 1e-10);
    assert.equal(olsSlope([1, 2], [1, 2]), null);
    assert.equal(olsSlope([3, 3, 3], [1, 2, 3]), null);
  });
});
