// Holds the measured floor on the hand-labelled eval set (aspect detection micro-F1 and aspect-polarity accuracy >= 0.85).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";
import { evaluate, parseEvalSet } from "../../../src/lib/insights/eval/metrics.ts";

const FILE = "tests/fixtures/insights-eval.jsonl";
const FLOOR = 0.85;
const engine = createAnalyzer();
const items = parseEvalSet(readFileSync(FILE, "utf8"), FILE);
const ids = engine.taxonomy.aspects.map((a) => a.id);
const predict = (i: { text: string; rating: number | null }) =>
  new Map(engine.analyze(i.text, i.rating).aspects.map((a) => [a.aspect, a.sentiment] as const));

describe("eval set", () => {
  it("has at least 300 labelled sentences, with a held-out split, labelled with the taxonomy's aspects", () => {
    assert.ok(items.length >= 300, `${items.length} items`);
    assert.ok(items.filter((i) => i.split === "test").length >= 100);
    for (const i of items)
      for (const a of Object.keys(i.aspects)) assert.ok(ids.includes(a), `${i.id}: unknown aspect ${a}`);
    for (const id of ids) assert.ok(items.filter((i) => id in i.aspects).length >= 15, `${id} has too few labels`);
    assert.ok(items.filter((i) => Object.keys(i.aspects).length === 0).length >= 30, "general and context lines");
  });

  for (const split of ["all", "test"] as const) {
    it(`${split}: aspect micro-F1 and aspect-polarity accuracy stay >= ${FLOOR}`, () => {
      const r = evaluate(split === "all" ? items : items.filter((i) => i.split === split), predict, ids);
      assert.ok(r.micro.f1 >= FLOOR, `micro F1 ${r.micro.f1.toFixed(3)}`);
      assert.ok(r.polarity_accuracy >= FLOOR, `polarity accuracy ${r.polarity_accuracy.toFixed(3)}`);
    });
  }

  it("scores a known prediction exactly (metrics sanity)", () => {
    const two = [
      { id: "1", split: "dev" as const, text: "x", rating: null, aspects: { pricing: "negative" as const }, tags: [] },
      { id: "2", split: "dev" as const, text: "y", rating: null, aspects: { speed: "positive" as const }, tags: [] },
    ];
    const r = evaluate(
      two,
      (i) => new Map(i.id === "1" ? [["pricing", "positive"] as const] : [["honesty", "neutral"] as const]),
      ids,
    );
    assert.deepEqual([r.micro.tp, r.micro.fp, r.micro.fn], [1, 1, 1]);
    assert.equal(r.polarity_accuracy, 0);
    assert.equal(r.confusion.negative.positive, 1);
    assert.equal(r.confusion.absent.neutral, 1);
    assert.equal(r.confusion.positive.absent, 1);
  });
});
