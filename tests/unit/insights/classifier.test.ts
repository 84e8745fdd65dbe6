// The trained aspect classifier beside the rules: what the bundled model adds and settles, where it applies, how its
// thresholds combine the two, and that the analyser's version follows the model.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { defaultModel } from "../../../src/lib/insights/defaults.ts";
import { createAnalyzer, createEngine } from "../../../src/lib/insights/engine/analyze.ts";
import { blend } from "../../../src/lib/insights/engine/blend.ts";
import type { Polarity3, Signals } from "../../../src/lib/insights/engine/classifier.ts";
import type { RuleFinding } from "../../../src/lib/insights/engine/types.ts";
import { RULES_ONLY } from "../../../src/lib/insights/learn/tune.ts";
import { parseTaxonomy } from "../../../src/lib/insights/taxonomy.ts";

const engine = createAnalyzer();
const aspects = (text: string) =>
  Object.fromEntries(engine.analyze(text).aspects.map((a) => [a.aspect, a.sentiment] as const));

describe("the bundled aspect model", () => {
  it("was trained on the corpus, the dev split and the blind sets, never on the test split", () => {
    const { model } = defaultModel();
    assert.deepEqual(
      model.aspects,
      engine.taxonomy.aspects.map((a) => a.id),
    );
    assert.ok(model.trained_on.corpus! >= 3700, JSON.stringify(model.trained_on));
    assert.deepEqual(Object.keys(model.trained_on).sort(), [
      "corpus",
      "dev",
      ...["a", "b", "c", "d", "e", "f", "g", "h"].map((s) => `set-${s}`),
    ]);
  });

  it("adds an aspect the rules' cues miss, with a clause of the text as evidence", () => {
    const text = "Nobody ever picked up the phone.";
    assert.deepEqual(createAnalyzer({ model: null }).analyze(text).aspects, []);
    const [finding] = engine.analyze(text).aspects;
    assert.equal(finding?.aspect, "communication");
    assert.equal(finding?.sentiment, "negative");
    assert.ok(text.includes(finding.evidence), finding.evidence);
    assert.ok(Math.abs(finding.score) <= 0.5, "a classifier's judgement weighs half a cue's");
  });

  it("adds a second aspect beside the rules' finding", () => {
    assert.deepEqual(aspects("He found the slab leak in ten minutes with his thermal camera."), {
      expertise: "positive",
      speed: "positive",
    });
  });

  it("judges what the rules only mention", () => {
    assert.deepEqual(
      createAnalyzer({ model: null }).analyze("She knew exactly which part had failed.").aspects[0]?.sentiment,
      "neutral",
    );
    assert.deepEqual(aspects("She knew exactly which part had failed."), { expertise: "positive" });
  });

  it("never overrules negation or sarcasm the rules read", () => {
    assert.deepEqual(aspects("The crew was not on time on either day."), { punctuality: "negative" });
    assert.deepEqual(aspects("Yeah right, very professional."), { professionalism: "negative" });
  });

  it("keeps a cue it has never seen", () => {
    assert.deepEqual(aspects("Tardiness seems to be a pattern with this company."), { punctuality: "negative" });
  });

  it("applies to the default taxonomy only, and its fingerprint is part of the version", () => {
    assert.match(engine.version, /^1\.3\.0\+home-services\.1\.1\.0\.[0-9a-f]{16}\+model\.[0-9a-f]{16}$/);
    const rulesOnly = createAnalyzer({ model: null });
    assert.doesNotMatch(rulesOnly.version, /model/);
    const file = "tests/fixtures/insights/restaurant-taxonomy.json";
    const restaurant = createAnalyzer({ taxonomy: parseTaxonomy(JSON.parse(readFileSync(file, "utf8")), file) });
    assert.doesNotMatch(restaurant.version, /model/);
    const { model } = defaultModel();
    const changed = { ...model, presence: { ...model.presence, bias: model.presence.bias.map((b) => b + 0.001) } };
    const other = createAnalyzer({ model: changed });
    assert.notEqual(other.version, engine.version);
    assert.equal(other.version.split("+model.")[0], engine.version.split("+model.")[0]);
  });

  it("is refused for a taxonomy with other aspects", () => {
    const file = "tests/fixtures/insights/restaurant-taxonomy.json";
    const restaurant = parseTaxonomy(JSON.parse(readFileSync(file, "utf8")), file);
    assert.throws(
      () => createAnalyzer({ taxonomy: restaurant, model: defaultModel().model }),
      /trained on the aspects/,
    );
  });

  it("with the rules-only thresholds, the analysis is the rules'", () => {
    const e = createEngine();
    const rules = createAnalyzer({ model: null });
    for (const text of [
      "Nobody ever picked up the phone.",
      "She knew exactly which part had failed.",
      "On time, fair price.",
    ])
      assert.deepEqual(e.finish(e.draft(text, 4), RULES_ONLY), rules.analyze(text, 4));
  });
});

describe("blend", () => {
  const ids = ["punctuality", "pricing", "professionalism"];
  const rule = (index: number, sentiment: RuleFinding["sentiment"], extra: Partial<RuleFinding> = {}): RuleFinding => ({
    aspect: ids[index]!,
    sentiment,
    evidence: `clause ${index}`,
    score: sentiment === "positive" ? 0.6 : sentiment === "negative" ? -0.6 : 0,
    phrases: ["cue"],
    index,
    clause: 0,
    reversed: false,
    cues: [[0, 1]],
    ...extra,
  });
  const signals = (presence: number[], polarity: Polarity3, known = true): Signals => ({
    presence: Float64Array.from(presence),
    clause: () => 1,
    polarity: () => polarity,
    weigh: () => ({ inside: 1, known, without: 0.5 }),
  });
  const th = {
    ...RULES_ONLY,
    add: 0.6,
    add_beside: 0.6,
    veto_polar: 0.1,
    neutral_override: 0.7,
    flip: 0.9,
    unjudge: 0.9,
  };
  const run = (rules: RuleFinding[], s: Signals) =>
    blend(rules, s, th, ids, (c) => `clause ${c}`).findings.map((f) => [f.aspect, f.sentiment, f.evidence, f.score]);

  it("adds an aspect above its threshold, strictly, in the classifier's clause", () => {
    assert.deepEqual(run([], signals([0.61, 0.6, 0], [0.8, 0.1, 0.1])), [
      ["punctuality", "positive", "clause 1", 0.35],
    ]);
  });

  it("beside a rule finding, adds only on what the other cues do not say", () => {
    const s = signals([0.1, 0.95, 0], [0.8, 0.1, 0.1]);
    const beside = rule(0, "positive", { clause: 1 });
    assert.deepEqual(run([beside], s).length, 1, "without its cue the rest gives 0.5, not above 0.6");
  });

  it("vetoes a rule finding the classifier does not see, when it knows the cue words", () => {
    assert.deepEqual(run([rule(0, "positive")], signals([0.05, 0, 0], [0.8, 0.1, 0.1])), []);
    assert.equal(run([rule(0, "positive")], signals([0.05, 0, 0], [0.8, 0.1, 0.1], false)).length, 1);
    assert.equal(run([rule(0, "positive", { reversed: true })], signals([0.05, 0, 0], [0.1, 0.8, 0.1])).length, 1);
  });

  it("settles a neutral rule finding, flips a polar one only when very sure, and drops the phrases it flips", () => {
    assert.deepEqual(run([rule(0, "neutral")], signals([0.9, 0, 0], [0.75, 0.2, 0.05]))[0], [
      "punctuality",
      "positive",
      "clause 0",
      0.275,
    ]);
    assert.equal(run([rule(0, "positive")], signals([0.9, 0, 0], [0.05, 0.85, 0.1]))[0]![1], "positive");
    const flipped = blend([rule(0, "positive")], signals([0.9, 0, 0], [0.02, 0.95, 0.03]), th, ids, String).findings;
    assert.deepEqual([flipped[0]!.sentiment, flipped[0]!.phrases], ["negative", []]);
    assert.equal(run([rule(0, "negative")], signals([0.9, 0, 0], [0.02, 0.03, 0.95]))[0]![1], "neutral");
  });
});
