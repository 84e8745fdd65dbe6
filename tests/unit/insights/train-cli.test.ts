// scripts/train-insights-model.ts: the committed model is exactly what the committed corpus trains (training is
// deterministic), and the files it reads are the ones it says.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { sameText } from "../../../src/lib/insights/learn/labelled.ts";

const run = (args: string[]) => {
  const r = spawnSync(process.execPath, ["scripts/train-insights-model.ts", ...args], {
    encoding: "utf8",
    timeout: 300_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe("scripts/train-insights-model.ts", () => {
  it("trains the committed model, byte for byte, from the committed corpus", () => {
    const r = run(["--check"]);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(
      r.out,
      /training on \d+ labelled lines \(corpus \d+, dev \d+, set-a \d+, set-b \d+, set-c \d+, set-d \d+, set-e \d+, set-f \d+, set-g \d+, set-h \d+\)/,
    );
    assert.match(r.out, /home-services\.json is what this corpus trains/);
    // Every training line equal to a sealed one is dropped (texts compared, never printed).
    const texts = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(".jsonl"))
        .flatMap((f) => readFileSync(`${dir}/${f}`, "utf8").split("\n"))
        .filter((l) => l.trim() !== "")
        .map((l) => ({ text: (JSON.parse(l) as { text: string }).text }));
    const isSealed = sameText(texts("tests/fixtures/insights-sealed"));
    const training = [...texts("src/lib/insights/model/corpus"), ...texts("tests/fixtures/insights-blind")];
    const equal = training.filter((l) => isSealed(l.text)).length;
    const dropped = Number(/(\d+) dropped for equalling a held-out line/.exec(r.out)?.[1]);
    assert.ok(dropped >= equal, `${dropped} dropped, ${equal} training lines equal a sealed one`);
  });

  it("leaves out only files it trains on", () => {
    const r = run(["--without", "tests/fixtures/insights-blind/set-z.jsonl", "--dry-run"]);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /--without takes one of the training files/);
  });
});
