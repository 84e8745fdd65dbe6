// The engine's mistakes found by trying it as a new user would, each as written and as a class of sentences.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";

const engine = createAnalyzer();
const judged = (text: string, rating: number | null = null) =>
  Object.fromEntries(engine.analyze(text, rating).aspects.map((a) => [a.aspect, a.sentiment]));
const evidence = (text: string, aspect: string) =>
  engine.analyze(text).aspects.find((a) => a.aspect === aspect)?.evidence;
const each = (cases: readonly [text: string, want: Record<string, string>][]) => {
  for (const [text, want] of cases) it(text, () => assert.deepEqual(judged(text), want));
};

describe("pressure to decide on the spot is honesty, not a same-day appointment", () => {
  each([
    ["Felt pressured to sign the same day.", { honesty: "negative" }],
    ["He pushed us to sign the contract that same day.", { honesty: "negative" }],
    ["The salesman wanted a decision on the spot.", { honesty: "negative" }],
    ["Kept pushing me to commit today.", { honesty: "negative" }],
    ["No pressure to sign the same day.", { honesty: "positive" }],
  ]);
  it("a same-day visit is still scheduling", () =>
    assert.deepEqual(judged("They got us in the same day."), { scheduling: "positive" }));
});

describe("equipment working again after the visit is good work", () => {
  each([
    ["Heating is working great again.", { work_quality: "positive" }],
    ["The AC is cooling again.", { work_quality: "positive" }],
    ["Sink drains perfectly again.", { work_quality: "positive" }],
    ["We finally have hot water again.", { work_quality: "positive" }],
    ["It isn't working again.", { work_quality: "negative" }],
  ]);
});

describe("paperwork that arrives late is neither punctuality nor price", () => {
  each([
    ["The invoice took weeks to arrive.", {}],
    ["Their bill took a month to come.", {}],
    ["The receipt took ages to arrive.", {}],
    ["The replacement part took two weeks to arrive.", { speed: "negative" }],
  ]);
  it("a bill's amount is still pricing", () =>
    assert.deepEqual(judged("The bill came to $900."), { pricing: "neutral" }));
});

describe("misspelt cue words read as the word meant", () => {
  each([
    ["Very thorugh and explaned everything.", { work_quality: "positive", communication: "positive" }],
    ["Super profesional and reasonble prices.", { professionalism: "positive", pricing: "positive" }],
    ["Great comunication from start to end.", { communication: "positive" }],
  ]);
  it("real words one letter from a cue stay as written", () => {
    assert.deepEqual(judged("They fixed the shower drain."), { work_quality: "positive" });
    assert.deepEqual(judged("He was leaving when I got home."), {});
  });
});

describe("the overall label follows the stars when the text is short or unclear", () => {
  const label = (text: string, rating: number) => engine.analyze(text, rating).sentiment;
  it("a 2-star complaint about a fee is negative, not mixed", () =>
    assert.equal(
      label("$129 diagnostic fee just to tell me what I already knew. Feels like a scam.", 2).label,
      "negative",
    ));
  it("a 4-star review with typos is positive with a positive score", () => {
    const s = label("Very thorugh and explaned everything. Took a while to get an appointment.", 4);
    assert.equal(s.label, "positive");
    assert.ok(s.score > 0);
  });
  it("text without opinion takes the stars", () => {
    assert.equal(label("Came out Tuesday. Replaced the valve.", 2).label, "negative");
    assert.equal(label("Came out Tuesday. Replaced the valve.", 5).label, "positive");
    assert.equal(label("Came out Tuesday. Replaced the valve.", 3).label, "neutral");
  });
  it("a neutral clause never makes a 1-, 2- or 5-star review mixed", () => {
    for (const [text, rating] of [
      ["Price was $289 for the service call. Will not use again, rude tech.", 2],
      ["They gave me the usual 1 to 5 window. Awful work, still leaking.", 1],
      ["They gave me the usual 1 to 5 window. Fantastic work, very clean.", 5],
    ] as const)
      assert.notEqual(label(text, rating).label, "mixed", text);
  });
  it("clear praise and clear complaint of a 3-star review is mixed", () =>
    assert.equal(label("The tech was wonderful and polite, but the price was outrageous.", 3).label, "mixed"));
});

describe("evidence is never cut at a hyphen, a time range or 'until'", () => {
  const cases: [text: string, aspect: string, whole: string][] = [
    ["Scheduled an 8-10am window, nobody showed until noon.", "punctuality", "8-10am window, nobody showed until noon"],
    ["Window was 12-2pm and no phone call, they came at 5.", "communication", "12-2pm and no phone call"],
    ["They said 2pm and no phone call when they ran late.", "communication", "2pm and no phone call"],
    ["Quoted $150-200 and charged $450, way too much.", "pricing", "$150-200"],
    ["The follow-up call never came.", "communication", "The follow-up call never came"],
  ];
  for (const [text, aspect, whole] of cases)
    it(text, () => {
      const e = evidence(text, aspect);
      assert.ok(e?.includes(whole), `${aspect} evidence ${JSON.stringify(e)} lacks ${JSON.stringify(whole)}`);
    });
});
