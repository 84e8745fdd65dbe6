// The taxonomy's boundaries on sentences written for these tests (in no training file): backstory, time, honesty, names.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";

const engine = createAnalyzer();
type Polarity = "positive" | "negative" | "neutral";
/** `has`: aspects found with these polarities (an array allows either); `not`: aspects not found at all. */
type Case = { text: string; has?: Record<string, Polarity | Polarity[]>; not?: string[]; none?: true };

function check({ text, has = {}, not = [], none }: Case): void {
  const got = new Map(engine.analyze(text, null).aspects.map((a) => [a.aspect, a.sentiment]));
  const seen = JSON.stringify(Object.fromEntries(got));
  if (none) assert.equal(got.size, 0, `"${text}" carries no aspect, got ${seen}`);
  for (const [aspect, want] of Object.entries(has)) {
    const ok = Array.isArray(want) ? want.includes(got.get(aspect)!) : got.get(aspect) === want;
    assert.ok(ok, `"${text}": expected ${aspect} ${JSON.stringify(want)}, got ${seen}`);
  }
  for (const aspect of not) assert.ok(!got.has(aspect), `"${text}": expected no ${aspect}, got ${seen}`);
}

const cases = (list: Case[]) => {
  for (const c of list) void it(c.text, () => check(c));
};

describe("what was wrong before the visit carries no aspect; the verdict on the visit does", () => {
  cases([
    { text: "The bathroom fan had been rattling for two years before we finally called.", none: true },
    { text: "We'd lived with a leaky outdoor spigot for ages.", none: true },
    { text: "The previous owner had patched the roof vent with duct tape.", none: true },
    { text: "When we moved in, the water heater was already leaking at the base.", none: true },
    {
      text: "Our utility sink had been slow to drain for most of the winter, and he had it flowing freely in half an hour.",
      has: { work_quality: "positive" },
      not: ["professionalism"],
    },
    {
      text: "The guest toilet had been running on and off since spring; Marta replaced the fill valve and it's silent now.",
      has: { work_quality: "positive" },
    },
    { text: "The drain was slow again a week after they came out.", has: { work_quality: "negative" } },
  ]);
  it("no speed complaint in the issue's example", () =>
    check({
      text: "Our basement floor drain had been slow for months and she cleared it with hydro jetting",
      not: ["speed"],
    }));
});

describe("calling back, how long the work took, time to arrival and lateness are four aspects", () => {
  cases([
    { text: "Sat by the phone three days waiting for a callback.", has: { communication: "negative" }, not: ["speed"] },
    {
      text: "Left two messages and nobody ever called me back.",
      has: { communication: "negative" },
      not: ["speed", "scheduling"],
    },
    {
      text: "The whole swap took them under two hours.",
      has: { speed: ["positive", "neutral"] },
      not: ["punctuality"],
    },
    { text: "Took them all day when they said two hours.", has: { speed: "negative" }, not: ["punctuality"] },
    {
      text: "I called at noon and they had someone here by three.",
      has: { scheduling: "positive" },
      not: ["speed", "punctuality"],
    },
    { text: "The soonest they could come was ten days out.", has: { scheduling: "negative" }, not: ["speed"] },
    {
      text: "The plumber turned up forty-five minutes after the agreed time.",
      has: { punctuality: "negative" },
      not: ["scheduling"],
    },
  ]);
});

describe("'honest' as an intensifier is no honesty; honesty said without the word is", () => {
  cases([
    { text: "To be honest, I expected the bill to be a lot higher.", has: { pricing: "positive" }, not: ["honesty"] },
    { text: "Honestly, the install looks fantastic.", has: { work_quality: "positive" }, not: ["honesty"] },
    {
      text: "He could easily have sold us a new compressor, but he told us a ten-dollar capacitor would do it.",
      has: { honesty: "positive" },
    },
    { text: "They billed us for parts they never installed.", has: { honesty: "negative" } },
  ]);
});

describe("professionalism and work quality without their usual words", () => {
  cases([
    {
      text: "He thanked my husband for his patience and was gentle with our nervous dog.",
      has: { professionalism: "positive" },
    },
    { text: "He sighed loudly every time I asked a question.", has: { professionalism: "negative" } },
    { text: "The new light switch sparks when you flip it.", has: { work_quality: "negative" } },
  ]);
});

describe("a name that is also a word is a name when it stands for a person", () => {
  cases([
    { text: "Bill was terrific and very patient.", has: { professionalism: "positive" }, not: ["pricing"] },
    { text: "The bill was steeper than the quote.", has: { pricing: ["negative", "neutral", "positive"] } },
    { text: "Rusty hooked up the new range in no time.", has: { speed: "positive" }, not: ["work_quality"] },
    { text: "Will showed up at nine on the dot.", has: { punctuality: "positive" } },
    { text: "Our thanks to Chase, who answered every question.", has: { communication: "positive" } },
    { text: "We had to chase them for weeks to get the invoice.", has: { communication: "negative" } },
  ]);
  it("a catalog's technician named like a cue is a name", () => {
    const withNames = createAnalyzer({ names: ["Prompt"] });
    const got = withNames.analyze("Prompt replaced the cartridge.", null).aspects.map((a) => a.aspect);
    assert.ok(!got.includes("punctuality"), JSON.stringify(got));
  });
});

describe("the owner's FAQ", () => {
  it("does not quote a praised fix of a long-standing problem as a complaint about speed", async () => {
    const { computeInsights } = await import("../../../src/lib/insights/insights.ts");
    const { datasetOf } = await import("./fixtures.ts");
    const praised = "Our basement floor drain had been slow for months and she cleared it with hydro jetting";
    const texts = [
      praised,
      "Done in under an hour, very quick.",
      "The install dragged on for two weeks.",
      "Fast work, out the door in forty minutes.",
      "Took forever to finish a simple swap.",
    ];
    const doc = computeInsights(
      datasetOf(texts.map((text, i) => ({ date: `2024-0${i + 1}-10`, rating: text === praised ? 5 : 3, text }))),
    );
    const speed = doc.faq.find((f) => f.id === "aspect-speed");
    assert.ok(speed, "a speed question");
    assert.ok(!speed.answer.includes("hydro jetting"), speed.answer);
  });
});

describe("a problem counts only the reviews that name it", () => {
  const problems = (text: string) => engine.analyze(text, null).problems;
  it("a toilet, hot water, an outlet or a root cause is not a fault", () => {
    assert.deepEqual(problems("They set the new toilet and hooked up the vanity."), []);
    assert.deepEqual(problems("Plenty of hot water since the install."), []);
    assert.deepEqual(problems("He added an outlet by the garage door and found the root cause of the noise."), [
      "noise",
    ]);
  });
  it("the fault itself is", () => {
    assert.deepEqual(problems("Our upstairs toilet ran all night."), ["running-toilet"]);
    assert.deepEqual(problems("We woke up to no hot water."), ["no-hot-water"]);
    assert.deepEqual(problems("The outlet by the sink sparked and died."), ["electrical"]);
  });
});
