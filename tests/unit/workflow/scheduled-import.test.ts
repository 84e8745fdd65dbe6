// The publish workflow's scheduled import: its step run as the runner would (bash, GITHUB_OUTPUT, `npm run import`),
// reporting a change when the exports bring one and none when they do not; every step after it skips an unchanged run.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { ROOT } from "../../helpers/build.ts";

type Step = { name?: string; id?: string; if?: string; run?: string; uses?: string };
const workflow = parse(readFileSync(path.join(ROOT, ".github/workflows/publish.yml"), "utf8")) as {
  on: Record<string, unknown>;
  jobs: { publish: { steps: Step[] } };
};
const steps = workflow.jobs.publish.steps;
const importStep = steps.find((s) => s.id === "import")!;

/** Runs the import step in a fresh checkout-like directory, `npm` being a shim that runs this repository's importer. */
function runImportStep(dir: string, importArgs: string): { changed: string; output: string; code: number | null } {
  const bin = path.join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const npm = path.join(bin, "npm");
  // `npm run import -- ARGS` as the workflow writes it.
  writeFileSync(
    npm,
    `#!/bin/sh\n[ "$1 $2 $3" = "run import --" ] || exit 97\nshift 3\nexec "${process.execPath}" "${path.join(ROOT, "scripts/import.ts")}" "$@"\n`,
  );
  chmodSync(npm, 0o755);
  const outputFile = path.join(dir, "github-output");
  writeFileSync(outputFile, "");
  const r = spawnSync("bash", ["-e", "-c", importStep.run!], {
    cwd: dir,
    encoding: "utf8",
    env: { PATH: `${bin}:${process.env["PATH"]}`, IMPORT_ARGS: importArgs, GITHUB_OUTPUT: outputFile },
  });
  const changed = /^changed=(\w+)$/m.exec(readFileSync(outputFile, "utf8"))?.[1] ?? "";
  return { changed, output: r.stdout + r.stderr, code: r.status };
}

describe("the publish workflow's scheduled import", () => {
  it("runs on a schedule, imports, and says whether the data changed", () => {
    assert.ok(workflow.on["schedule"], "the workflow has a schedule");
    assert.equal(importStep.if, "github.event_name == 'schedule'");
    const dir = mkdtempSync(path.join(os.tmpdir(), "scheduled-import-"));
    mkdirSync(path.join(dir, "data"));
    mkdirSync(path.join(dir, "exports"));
    copyFileSync(path.join(ROOT, "data/business.json"), path.join(dir, "data/business.json"));
    copyFileSync(
      path.join(ROOT, "tests/fixtures/import/google/takeout-2026-09.json"),
      path.join(dir, "exports/google.json"),
    );
    const first = runImportStep(dir, "exports/google.json");
    assert.equal(first.code, 0, first.output);
    assert.equal(first.changed, "true", first.output);
    assert.ok(readFileSync(path.join(dir, "data/reviews.jsonl"), "utf8").includes('"platform":"google"'));

    const again = runImportStep(dir, "exports/google.json");
    assert.equal(again.code, 0, again.output);
    assert.equal(again.changed, "false", again.output);
    assert.match(again.output, /The import changed nothing/);

    writeFileSync(path.join(dir, "exports/bad.json"), '{"reviews": [{"starRating": "SIX"}]}');
    const refused = runImportStep(dir, "exports/bad.json");
    assert.notEqual(refused.code, 0, "a refused export fails the job");
    assert.equal(refused.changed, "");
  });

  it("skips building, deploying and pinging when the import changed nothing, and runs them on a push", () => {
    const after = steps.slice(steps.indexOf(importStep) + 1);
    const commit = after.find((s) => s.name === "Commit the imported reviews")!;
    assert.equal(commit.if, "steps.import.outputs.changed == 'true'");
    for (const step of after.filter((s) => s !== commit))
      assert.equal(step.if, "steps.import.outputs.changed != 'false'", step.name ?? step.run);
  });
});
