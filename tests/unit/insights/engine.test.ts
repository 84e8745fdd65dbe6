// The engine on the hard cases of the issue and the annotation guide: negation, contrast, scope, sarcasm, decoys.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";

const engine = createAnalyzer();
/** aspect -> sentiment for a text. */
const judged = (text: string, rating: number | null = null) =>
  Object.fromEntries(engine.analyze(text, rating).aspects.map((a) => [a.aspect, a.sentiment]));
/** One test per case: its name, the text, and the aspects it must judge as stated. */
const judges = (cases: readonly [name: string, text: string, want: Record<string, string>][]) => {
  for (const [name, text, want] of cases) it(name, () => assert.deepEqual(judged(text), want));
};

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
  judges([
    ["flips a positive cue: not on time", "The crew was not on time on either day.", { punctuality: "negative" }],
    [
      "flips a positive cue: never called back",
      "They never called me back about the estimate.",
      { communication: "negative" },
    ],
    [
      "turns a complaint into praise: no leaks, no drips",
      "A month later: no leaks, no drips.",
      { work_quality: "positive" },
    ],
    [
      "reaches over a few words: never once made me feel rushed",
      "She never once made me feel rushed.",
      { professionalism: "positive" },
    ],
    ["stops at a comma", "Not what I expected, the plumber arrived early.", { punctuality: "positive" }],
    [
      "leaves fixed expressions alone: not only ... but",
      "Not only was she punctual, she also explained the whole system.",
      { punctuality: "positive", communication: "positive" },
    ],
  ]);
});

describe("contrast and clause scope", () => {
  judges([
    [
      "praises the technician and complains about the price in one sentence",
      "Carlos was courteous and quick, but the bill was way higher than the quote.",
      { pricing: "negative", professionalism: "positive", speed: "positive" },
    ],
    [
      "lets the clause after 'but' win for the same aspect",
      "Not cheap, but worth every penny.",
      { pricing: "positive" },
    ],
    [
      "judged both ways with neither winning is neutral",
      "Prices are on the higher side but you get what you pay for.",
      { pricing: "neutral" },
    ],
    [
      "'it was fair' after a contrast refers back to the price",
      "The estimate was more than I budgeted, but it was fair.",
      { pricing: "positive" },
    ],
    ["an 'except' clause is a complaint", "Everything was great except the cleanup.", { cleanliness: "negative" }],
  ]);
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
  judges([
    [
      "forgiven lateness is still negative punctuality",
      "The tech was 15 minutes late but it was no big deal at all.",
      { punctuality: "negative" },
    ],
    [
      "'honestly' as an intensifier is not honesty",
      "The bill was honestly lower than I expected.",
      { pricing: "positive" },
    ],
    ["a clean van is professionalism, not cleanliness", "He arrived in a clean van.", { professionalism: "positive" }],
    [
      "a lower electric bill is the new unit's quality, not the company's pricing",
      "Our electric bill is way down with the new heat pump.",
      { work_quality: "positive" },
    ],
    ["a clean install is work quality", "Really clean install in the attic.", { work_quality: "positive" }],
    [
      "sarcasm after a failed fix: 'Money well spent.' is negative pricing",
      "The water heater died again a week later. Money well spent.",
      { work_quality: "negative", pricing: "negative" },
    ],
    ["explicit sarcasm markers flip praise", "Yeah right, very professional.", { professionalism: "negative" }],
  ]);
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
