// The engine on the hard cases of the issue and the annotation guide: negation, contrast, scope, sarcasm, decoys.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";

const engine = createAnalyzer();
/** aspect -> sentiment for a text. */
const judged = (text: string, rating: number | null = null) =>
  Object.fromEntries(engine.analyze(text, rating).aspects.map((a) => [a.aspect, a.sentiment]));

describe("domain-aware polarity (generic word lists get these wrong)", () => {
  const cases: [string, Record<string, string>][] = [
    ["Technician showed up 3 hours late.", { punctuality: "negative" }],
    ["They overcharged us for a simple repair.", { pricing: "negative" }],
    ["The kitchen faucet is still leaking.", { work_quality: "negative" }],
    ["Ray cleaned up after himself and even swept the garage.", { cleanliness: "positive" }],
    ["The installer showed up on time.", { punctuality: "positive" }],
  ];
  for (const [text, want] of cases) it(text, () => assert.deepEqual(judged(text), want));
});

describe("negation", () => {
  it("flips a positive cue: not on time", () =>
    assert.deepEqual(judged("The crew was not on time on either day."), { punctuality: "negative" }));
  it("flips a positive cue: never called back", () =>
    assert.deepEqual(judged("They never called me back about the estimate."), { communication: "negative" }));
  it("turns a complaint into praise: no leaks, no drips", () =>
    assert.deepEqual(judged("A month later: no leaks, no drips."), { work_quality: "positive" }));
  it("reaches over a few words: never once made me feel rushed", () =>
    assert.deepEqual(judged("She never once made me feel rushed."), { professionalism: "positive" }));
  it("stops at a comma", () =>
    assert.deepEqual(judged("Not what I expected, the plumber arrived early."), { punctuality: "positive" }));
  it("leaves fixed expressions alone: not only ... but", () =>
    assert.deepEqual(judged("Not only was she punctual, she also explained the whole system."), {
      punctuality: "positive",
      communication: "positive",
    }));
});

describe("contrast and clause scope", () => {
  it("praises the technician and complains about the price in one sentence", () =>
    assert.deepEqual(judged("Carlos was courteous and quick, but the bill was way higher than the quote."), {
      pricing: "negative",
      professionalism: "positive",
      speed: "positive",
    }));
  it("lets the clause after 'but' win for the same aspect", () =>
    assert.deepEqual(judged("Not cheap, but worth every penny."), { pricing: "positive" }));
  it("judged both ways with neither winning is neutral", () =>
    assert.deepEqual(judged("Prices are on the higher side but you get what you pay for."), { pricing: "neutral" }));
  it("'it was fair' after a contrast refers back to the price", () =>
    assert.deepEqual(judged("The estimate was more than I budgeted, but it was fair."), { pricing: "positive" }));
  it("an 'except' clause is a complaint", () =>
    assert.deepEqual(judged("Everything was great except the cleanup."), { cleanliness: "negative" }));
});

describe("intensifiers scale the score, not the label", () => {
  const score = (text: string) => engine.analyze(text).aspects[0]!.score;
  it("very polite > polite > a bit polite", () => {
    assert.ok(score("He was extremely polite.") > score("He was polite."));
    assert.ok(score("He was polite.") > score("He was a bit polite."));
    assert.equal(judged("He was a bit polite.").professionalism, "positive");
  });
});

describe("the annotation guide's rules", () => {
  it("forgiven lateness is still negative punctuality", () =>
    assert.deepEqual(judged("The tech was 15 minutes late but it was no big deal at all."), {
      punctuality: "negative",
    }));
  it("'honestly' as an intensifier is not honesty", () =>
    assert.deepEqual(judged("The bill was honestly lower than I expected."), { pricing: "positive" }));
  it("a clean van is professionalism, not cleanliness", () =>
    assert.deepEqual(judged("He arrived in a clean van."), { professionalism: "positive" }));
  it("a lower electric bill is the new unit's quality, not the company's pricing", () =>
    assert.deepEqual(judged("Our electric bill is way down with the new heat pump."), { work_quality: "positive" }));
  it("a clean install is work quality", () =>
    assert.deepEqual(judged("Really clean install in the attic."), { work_quality: "positive" }));
  it("sarcasm after a failed fix: 'Money well spent.' is negative pricing", () =>
    assert.deepEqual(judged("The water heater died again a week later. Money well spent."), {
      work_quality: "negative",
      pricing: "negative",
    }));
  it("explicit sarcasm markers flip praise", () =>
    assert.deepEqual(judged("Yeah right, very professional."), { professionalism: "negative" }));
  it("general praise or blame carries no aspect", () => {
    for (const text of [
      "Great service!",
      "Avoid!!!",
      "Kevin is the best!",
      "Would recommend to anyone.",
      "Terrible company.",
    ])
      assert.deepEqual(judged(text), {}, text);
  });
  it("context sentences carry no aspect", () => {
    for (const text of ["Our house is from 1962.", "My late father built this house.", "We had a leak under the sink."])
      assert.deepEqual(judged(text), {}, text);
  });
  it("a mention without a judgement is neutral", () => {
    assert.deepEqual(judged("Price was $289 for the service call."), { pricing: "neutral" });
    assert.deepEqual(judged("They gave me the usual 1 to 5 window."), { scheduling: "neutral" });
  });
});

describe("output contract", () => {
  const texts = [
    "ＳＨＯＷＥＤ ＵＰ ＬＡＴＥ — and the ﬁnal bill was higher than quoted 😡",
    "Prompt, polite; explained everything.\nWould hire again!",
    "Mr. Okafor fixed it. No mess at all, and the price was fair.",
  ];
  it("evidence is an exact substring of the text", () => {
    for (const text of texts)
      for (const a of engine.analyze(text).aspects) assert.ok(text.includes(a.evidence), `${a.evidence} in ${text}`);
  });
  it("one entry per aspect, in taxonomy order, with string sentiments", () => {
    const order = engine.taxonomy.aspects.map((a) => a.id);
    for (const text of texts) {
      const ids = engine.analyze(text).aspects.map((a) => a.aspect);
      assert.deepEqual(
        ids,
        [...new Set(ids)].sort((x, y) => order.indexOf(x) - order.indexOf(y)),
      );
      for (const a of engine.analyze(text).aspects)
        assert.ok(["positive", "negative", "neutral"].includes(a.sentiment));
    }
  });
  it("is deterministic: the same text gets the same analysis, from any analyser instance", () => {
    const other = createAnalyzer();
    for (const text of texts) {
      assert.deepEqual(engine.analyze(text, 3), engine.analyze(text, 3));
      assert.deepEqual(other.analyze(text, 3), engine.analyze(text, 3));
    }
    assert.equal(other.version, engine.version);
  });
  it("rating-only reviews take their tone from the stars", () => {
    assert.deepEqual(engine.analyze(null, 5).sentiment, { label: "positive", score: 1 });
    assert.deepEqual(engine.analyze(null, 3).sentiment, { label: "neutral", score: 0 });
    assert.deepEqual(engine.analyze("   ", 1), {
      sentiment: { label: "negative", score: -1 },
      aspects: [],
      problems: [],
      terms: [],
    });
  });
  it("labels a review with clear praise and clear complaint as mixed", () =>
    assert.equal(
      engine.analyze("Amazing technician, super polite. But the price was outrageous and he left a mess.").sentiment
        .label,
      "mixed",
    ));
  it("reports the problems customers describe", () =>
    assert.deepEqual(engine.analyze("Our kitchen drain was clogged and the toilet kept running.").problems, [
      "clog",
      "running-toilet",
    ]));
  it("catalog names never read as cues", () => {
    const named = createAnalyzer({ names: ["Dripping Springs", "Prompt Ray"] });
    assert.deepEqual(
      Object.fromEntries(
        named.analyze("Prompt Ray came out to Dripping Springs.").aspects.map((a) => [a.aspect, a.sentiment]),
      ),
      {},
    );
    assert.notEqual(named.version, engine.version);
  });
});
