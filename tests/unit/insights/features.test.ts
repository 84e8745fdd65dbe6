// The aspect classifier's features: number shapes, light stems, negation marks, pairs kept inside punctuation and names.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { features, keyed, stem } from "../../../src/lib/insights/engine/features.ts";
import { tokenize } from "../../../src/lib/insights/engine/tokens.ts";

function keys(text: string, skip: (word: string) => boolean = () => false): string[] {
  const t = tokenize(text);
  const out: string[] = [];
  features(
    t,
    0,
    t.norm.length,
    keyed((key) => out.push(key)),
    Uint8Array.from(t.norm, (w) => (skip(w) ? 1 : 0)),
  );
  return out;
}

describe("classifier features", () => {
  it("read numbers by what they measure", () => {
    assert.ok(keys("$129 diagnostic fee").includes("b:#money_diagnostic"));
    assert.ok(keys("a 8-10am window").includes("b:#time_window"));
    assert.ok(keys("showed at 2pm").includes("u:#time"));
    assert.ok(keys("at 9:30").includes("u:#time"));
    assert.ok(keys("a 2-3 hour job").includes("b:#range_hour"));
    assert.ok(keys("took 20 minutes").includes("b:#num_minutes"));
    assert.ok(keys("took two hours").includes("b:#num_hours"), "number words pair like digits");
    assert.ok(keys("it cost 2k").includes("u:#money"));
  });

  it("meet inflections at one stem", () => {
    for (const w of ["price", "priced", "prices", "pricing"]) assert.equal(stem(w), "pric", w);
    assert.equal(stem("explained"), "explain");
    assert.equal(stem("promptly"), "prompt");
    assert.equal(stem("stopped"), "stop");
    assert.equal(stem("late"), "late", "short words stay");
    assert.ok(keys("explained everything").includes("s:explain"));
  });

  it("mark the words a negation reaches, up to punctuation", () => {
    const k = keys("They didn't clean up the mess, fast though.");
    for (const key of ["n:clean", "n:up", "n:the"]) assert.ok(k.includes(key), key);
    assert.ok(!k.includes("n:mess"), "three words at most");
    assert.ok(!k.includes("n:fast"), "a comma ends the scope");
  });

  it("never pair across punctuation or skipped tokens", () => {
    assert.ok(!keys("on time. great work").includes("b:time_great"));
    const named = keys("Dripping Springs leak fixed", (w) => w === "dripping" || w === "springs");
    assert.deepEqual(
      named.filter((k) => k.includes("dripping") || k.includes("spring")),
      [],
    );
    assert.ok(named.includes("b:leak_fixed"));
  });

  it("keep ! and ? as words of their own", () => {
    assert.ok(keys("Never again!").includes("u:!"));
    assert.ok(keys("Who does that?").includes("u:?"));
  });
});
