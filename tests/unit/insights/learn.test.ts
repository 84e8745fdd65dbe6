// The trainer's parts: FTRL-proximal learns and forgets what it should, deterministically; models are written stably.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseModel } from "../../../src/lib/insights/engine/model.ts";
import { type Example, ftrl } from "../../../src/lib/insights/learn/ftrl.ts";
import { RULES_ONLY } from "../../../src/lib/insights/learn/tune.ts";
import { formatModel } from "../../../src/lib/insights/learn/write.ts";

/** Feature 1 decides the first output, feature 2 the second; feature 3 is on a single example. */
function examples(): Example[] {
  const out: Example[] = [];
  for (let i = 0; i < 200; i++) {
    const a = i % 2;
    const b = Math.floor(i / 2) % 2;
    const index = [0, ...(a ? [1] : []), ...(b ? [2] : []), ...(i === 7 ? [3] : [])];
    out.push({
      index: Int32Array.from(index),
      value: new Float64Array(index.length).fill(1),
      target: Float64Array.of(a, b),
    });
  }
  return out;
}
const options = { alpha: 0.3, beta: 1, l1: 1, l2: 1, epochs: 10, seed: 1 };

describe("FTRL-proximal", () => {
  it("learns independent yes/no outputs, and L1 leaves a feature seen once at zero", () => {
    const w = ftrl(examples(), 4, 2, "logistic", options);
    assert.ok(w[1 * 2 + 0]! > 2, `feature 1 for output 0: ${w[2]}`);
    assert.ok(w[2 * 2 + 1]! > 2, `feature 2 for output 1: ${w[5]}`);
    assert.ok(Math.abs(w[1 * 2 + 1]!) < w[1 * 2]! / 4, `feature 1 says little of output 1: ${w[3]}`);
    assert.deepEqual([w[3 * 2], w[3 * 2 + 1]], [0, 0]);
  });

  it("learns a distribution over outputs", () => {
    const data = examples().map((e) => ({ ...e, target: e.target[0] ? Float64Array.of(1, 0) : Float64Array.of(0, 1) }));
    const w = ftrl(data, 4, 2, "softmax", options);
    assert.ok(w[1 * 2 + 0]! - w[1 * 2 + 1]! > 2);
  });

  it("gives the same weights for the same seed, and other ones for another order", () => {
    const a = ftrl(examples(), 4, 2, "logistic", options);
    assert.deepEqual(ftrl(examples(), 4, 2, "logistic", options), a);
    assert.notDeepEqual(ftrl(examples(), 4, 2, "logistic", { ...options, seed: 2 }), a);
  });
});

describe("model files", () => {
  const model = parseModel(
    {
      format: 1,
      taxonomy: { id: "t", version: "1" },
      aspects: ["a", "b"],
      trained_on: { corpus: 2 },
      thresholds: RULES_ONLY,
      presence: { bias: [-1, -2], weights: { "u:z": [0.5, 0], "u:y": [0, -1.25] } },
      polarity: { bias: [0, 0, 0], aspect_bias: { a: [0.1, 0, 0] }, weights: { "a|u:y": [1, 0, 0], "u:y": [0, 1, 0] } },
    },
    "test",
  );

  it("are written one feature per line, sorted, and read back as written", () => {
    const text = formatModel(model);
    assert.ok(text.includes('\n      "u:y": [0,-1.25],\n      "u:z": [0.5,0]\n'), text);
    assert.deepEqual(parseModel(JSON.parse(text), "again"), model);
    assert.equal(formatModel(parseModel(JSON.parse(text), "again")), text);
  });

  it("are refused with the place of the problem", () => {
    assert.throws(
      () => parseModel({ ...model, presence: { bias: [0, 0], weights: { "u:x": [1] } } }, "bad.json"),
      /bad\.json is not an aspect model: presence\.weights\.u:x: needs 2 numbers/,
    );
  });
});
