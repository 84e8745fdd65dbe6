// scripts/train-insights-model.ts: training is deterministic (the whole procedure, cross-validation included, on the first
// lines of each training file, trains the same bytes twice, and --check says so), it writes a model of the committed
// model's shape, and the files it reads are the ones it says. `npm run train:insights -- --check` checks the committed
// model against the whole corpus (a minute of training).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { sameText } from "../../../src/lib/insights/learn/labelled.ts";
import { type ModelFile, parseModel } from "../../../src/lib/insights/engine/model.ts";

/** Lines of each training file trained on: every source and step of the procedure, in seconds rather than a minute. */
const SAMPLE = 30;
const MODEL = "src/lib/insights/model/home-services.json";
const readModel = (file: string) => parseModel(JSON.parse(readFileSync(file, "utf8")), file);

const run = (args: string[]) => {
  const r = spawnSync(process.execPath, ["scripts/train-insights-model.ts", ...args], {
    encoding: "utf8",
    timeout: 300_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** The labelled lines of a file, or the first `count` of them. */
const linesOf = (file: string, count?: number) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(0, count)
    .map((l) => JSON.parse(l) as { text: string; split?: string });
const jsonl = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => `${dir}/${f}`);

/** What a trained model is made of beyond its schema: the same for the committed model and one trained here. */
function assertShape(model: ModelFile, sources: readonly string[]) {
  const committed = readModel(MODEL);
  assert.deepEqual(Object.keys(model), Object.keys(committed));
  assert.equal(model.format, 1);
  assert.deepEqual(model.taxonomy, committed.taxonomy);
  assert.deepEqual(model.aspects, committed.aspects);
  assert.deepEqual(Object.keys(model.trained_on), sources);
  assert.deepEqual(Object.keys(model.thresholds).sort(), Object.keys(committed.thresholds).sort());
  const width = model.aspects.length;
  assert.equal(model.presence.bias.length, width);
  assert.ok(Object.keys(model.presence.weights).length > 0, "presence rows");
  for (const row of Object.values(model.presence.weights)) assert.equal(row.length, width);
  assert.equal(model.polarity.bias.length, 3);
  assert.ok(Object.keys(model.polarity.weights).length > 0, "polarity rows");
  for (const row of [...Object.values(model.polarity.weights), ...Object.values(model.polarity.aspect_bias)])
    assert.equal(row.length, 3);
  for (const aspect of Object.keys(model.polarity.aspect_bias)) assert.ok(model.aspects.includes(aspect), aspect);
}

describe("scripts/train-insights-model.ts", () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "train-insights-"));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it("trains the same model byte for byte twice, in the committed model's shape", () => {
    const out = path.join(tmp, "model.json");
    const first = run(["--sample", String(SAMPLE), "--out", out]);
    assert.equal(first.code, 0, first.out + first.err);
    const counts =
      /training on \d+ labelled lines \((corpus \d+, dev \d+, set-a \d+, set-b \d+, set-c \d+, set-d \d+, set-e \d+, set-f \d+, set-g \d+, set-h \d+)\)/.exec(
        first.out,
      );
    assert.ok(counts, first.out);
    const model = readModel(out);
    assert.deepEqual(
      model.trained_on,
      Object.fromEntries(counts[1]!.split(", ").map((c) => [c.split(" ")[0]!, Number(c.split(" ")[1])])),
    );
    assertShape(model, ["corpus", "dev", ...["a", "b", "c", "d", "e", "f", "g", "h"].map((s) => `set-${s}`)]);
    assertShape(readModel(MODEL), Object.keys(model.trained_on));

    const again = run(["--sample", String(SAMPLE), "--check", "--out", out]);
    assert.equal(again.code, 0, again.out + again.err);
    assert.ok(again.out.includes(`${out} is what this corpus trains`), again.out);

    // Every training line equal to a sealed one is dropped (texts compared, never printed).
    const isSealed = sameText(jsonl("tests/fixtures/insights-sealed").flatMap((f) => linesOf(f)));
    const training = [...jsonl("src/lib/insights/model/corpus"), ...jsonl("tests/fixtures/insights-blind")].flatMap(
      (f) => linesOf(f, SAMPLE),
    );
    const equal = training.filter((l) => isSealed(l.text)).length;
    const dropped = Number(/(\d+) dropped for equalling a held-out line/.exec(first.out)?.[1]);
    assert.ok(dropped >= equal, `${dropped} dropped, ${equal} training lines equal a sealed one`);
  });

  it("leaves out only files it trains on", () => {
    const r = run(["--without", "tests/fixtures/insights-blind/set-z.jsonl", "--dry-run"]);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /--without takes one of the training files/);
  });
});
