// scripts/train-insights-model.ts: the committed model is exactly what the committed corpus trains (training is
// deterministic), and the files it reads are the ones it says.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";

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
    assert.match(r.out, /training on \d+ labelled lines \(corpus \d+, dev \d+, set-a \d+, set-b \d+, set-c \d+\)/);
    assert.match(r.out, /home-services\.json is what this corpus trains/);
  });

  it("leaves out only files it trains on", () => {
    const r = run(["--without", "tests/fixtures/insights-blind/set-z.jsonl", "--dry-run"]);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /--without takes one of the training files/);
  });
});
