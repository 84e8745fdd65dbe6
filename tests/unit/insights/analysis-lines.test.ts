// The insights cache's lines: an analysis and language read back equal the ones written, strings numbered down the
// file, and a line that is not one leaves the numbering as the writer saw it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analysisLine, readAnalysisLine, StringTable } from "../../../src/build/analysis-lines.ts";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";
import { TEXTS } from "./fixtures.ts";

const engine = createAnalyzer();
/** What the cache keeps of a text: here always read as `en-US`. */
const derived = (text: string | null, rating: number) => ({
  analysis: engine.analyze(text, rating),
  language: "en-US",
});
const reviews = Object.entries(TEXTS).flatMap(([rating, texts]) =>
  texts.map((text) => ({ text: text ?? null, rating: Number(rating) })),
);

describe("analysis lines", () => {
  it("give back every analysis and language of the fixtures, evidence included, from one table read in order", () => {
    const written = new StringTable();
    const languageOf = (i: number) => ["en-US", "es", "de"][i % 3]!;
    const lines = reviews.map((r, i) =>
      analysisLine(`k${i}`, r.text, { ...derived(r.text, r.rating), language: languageOf(i) }, written),
    );
    const read = new StringTable();
    lines.forEach((line, i) => {
      const stored = readAnalysisLine(line, read);
      assert.equal(stored?.key, `k${i}`);
      const r = reviews[i]!;
      assert.deepEqual(stored.derived(r.text), { ...derived(r.text, r.rating), language: languageOf(i) });
    });
    assert.equal(read.size, written.size);
    assert.ok(
      reviews.some((r) => engine.analyze(r.text, r.rating).aspects.length > 0),
      "the fixtures have evidence",
    );
  });

  it("keeps evidence the text does not hold as it is", () => {
    const analysis = {
      sentiment: { label: "positive" as const, score: 0.5 },
      aspects: [{ aspect: "speed", sentiment: "positive" as const, evidence: "not in it", score: 0.5, phrases: ["x"] }],
      problems: [],
      terms: ["fast"],
    };
    const line = analysisLine("k", "Quick work.", { analysis, language: "en" }, new StringTable());
    assert.deepEqual(readAnalysisLine(line, new StringTable())?.derived("Quick work."), { analysis, language: "en" });
  });

  it("skips a torn or foreign line without the strings it would have added", () => {
    const a = derived("Fair price and on time, the plumber was great.", 5);
    const b = derived("Fair price, but late and rude.", 2);
    const writer = new StringTable();
    const first = analysisLine("a", "Fair price and on time, the plumber was great.", a, writer);
    // A foreign line that adds strings and then names one nobody defined: rejected, its strings taken back.
    const foreign = JSON.stringify(["f", ["zzz", "yyy"], 0, 0.1, [[999, 0, 0, "e", []]], [], [], 0]);
    const second = analysisLine("b", "Fair price, but late and rude.", b, writer);
    const reader = new StringTable();
    const [x, torn, y, z] = [first, first.slice(0, 20), foreign, second].map((l) => readAnalysisLine(l, reader));
    assert.equal(torn, null);
    assert.equal(y, null);
    assert.deepEqual(x?.derived("Fair price and on time, the plumber was great."), a);
    assert.deepEqual(z?.derived("Fair price, but late and rude."), b);
  });

  it("reads a line that adds no strings only when its analysis is asked for, and then refuses one that is not", () => {
    const text = "Fair price and on time.";
    const table = new StringTable();
    const good = analysisLine("g", text, derived(text, 5), table);
    // After its key it names a string nobody defined, or a label there is none of, or is cut off.
    const bad = [
      JSON.stringify(["b1", [], 0, 0.5, [[999, 0, 0.5, [0, 4], []]], [], [], 0]),
      JSON.stringify(["b2", [], 7, 0.5, [], [], [], 0]),
      JSON.stringify(["b4", [], 0, 0.5, [], [], []]),
      '["b3",[],0,0.5,[[0,0',
    ];
    const reader = new StringTable();
    assert.ok(readAnalysisLine(good, reader));
    for (const line of bad) {
      const stored = readAnalysisLine(line, reader);
      assert.equal(stored?.key, line.slice(2, 4), "taken on its key");
      assert.equal(stored.derived(text), null, line);
    }
    assert.equal(reader.size, table.size);
    // The key it was taken on is checked against the parsed one.
    const again = analysisLine("g", text, derived(text, 5), table);
    const renamed = readAnalysisLine(again.replace('["g"', '["g\\u0068"'), reader);
    assert.equal(renamed?.key, "g\\u0068");
    assert.equal(renamed.derived(text), null);
    assert.deepEqual(readAnalysisLine(again, reader)?.derived(text), derived(text, 5));
  });
});
