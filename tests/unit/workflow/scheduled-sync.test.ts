// The publish workflow's scheduled sync: its step run as the runner would (bash, GITHUB_ENV, `npm run sync`) against a
// fake Google API; the import step after it counts the sync's change as a change, so it is committed and published;
// a failed sync that changed nothing fails the job.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { ROOT } from "../../helpers/build.ts";
import { GOOGLE_SECRETS, type GoogleFake, googleFake, googleReview } from "../../helpers/fake-platforms.ts";

type Step = { name?: string; id?: string; if?: string; run?: string; env?: Record<string, string> };
const workflow = parse(readFileSync(path.join(ROOT, ".github/workflows/publish.yml"), "utf8")) as {
  jobs: { publish: { steps: Step[] } };
};
const steps = workflow.jobs.publish.steps;
const syncStep = steps.find((s) => s.name === "Sync reviews from Google and Trustpilot")!;
const importStep = steps.find((s) => s.id === "import")!;

let g: GoogleFake;
before(async () => {
  g = await googleFake([googleReview("wf1", "2026-11-20T09:30:00Z")]);
});
after(() => g?.close());

/** A checkout-like directory whose `npm run X -- ARGS` runs this repository's scripts/X.ts. */
function checkout(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scheduled-sync-"));
  mkdirSync(path.join(dir, "data"));
  copyFileSync(path.join(ROOT, "data/business.json"), path.join(dir, "data/business.json"));
  writeFileSync(path.join(dir, "data/reviews.jsonl"), "");
  const bin = path.join(dir, "bin");
  mkdirSync(bin);
  writeFileSync(
    path.join(bin, "npm"),
    `#!/bin/sh\n[ "$1 $3" = "run --" ] || exit 97\nscript="$2"; shift 3\nexec "${process.execPath}" "${ROOT}/scripts/$script.ts" "$@"\n`,
  );
  chmodSync(path.join(bin, "npm"), 0o755);
  writeFileSync(path.join(dir, "github-env"), "");
  writeFileSync(path.join(dir, "github-output"), "");
  return dir;
}

/** Runs a step's script as the runner does (bash -e -o pipefail), asynchronously: the fake answers from this process. */
function runStep(
  step: Step,
  dir: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const exported = Object.fromEntries(
    readFileSync(path.join(dir, "github-env"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  return new Promise((resolve) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run!], {
      cwd: dir,
      env: {
        PATH: `${path.join(dir, "bin")}:${process.env["PATH"]}`,
        GITHUB_ENV: path.join(dir, "github-env"),
        GITHUB_OUTPUT: path.join(dir, "github-output"),
        ...exported,
        ...env,
      },
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const googleEnv = () => ({ ...GOOGLE_SECRETS, GOOGLE_API_URL: g.url, GOOGLE_TOKEN_URL: `${g.url}/token` });

describe("the publish workflow's scheduled sync", { timeout: 60_000 }, () => {
  it("syncs before the import, without building, and the import step reports the change", async () => {
    assert.ok(steps.indexOf(syncStep) < steps.indexOf(importStep));
    assert.equal(syncStep.if, "github.event_name == 'schedule'");
    assert.equal(syncStep.env?.["GOOGLE_REFRESH_TOKEN"], "${{ secrets.GOOGLE_REFRESH_TOKEN }}");
    const dir = checkout();
    const synced = await runStep(syncStep, dir, { ...googleEnv(), MODE: "--full" });
    assert.equal(synced.code, 0, synced.output);
    assert.match(synced.output, /google: fetched 1, added 1/);
    assert.match(synced.output, /not building \(--no-build\)/);
    const imported = await runStep(importStep, dir, { IMPORT_ARGS: "" });
    assert.equal(imported.code, 0, imported.output);
    assert.match(readFileSync(path.join(dir, "github-output"), "utf8"), /^changed=true$/m);
  });

  it("does nothing without credentials, and fails the job when a source failed and nothing changed", async () => {
    const dir = checkout();
    const none = await runStep(syncStep, dir, { MODE: "--incremental" });
    assert.equal(none.code, 0, none.output);
    assert.match(none.output, /No sync source configured/);
    g.fault = () => ({ status: 404, body: "{}" });
    const failed = await runStep(syncStep, dir, { ...googleEnv(), MODE: "--incremental" });
    g.fault = () => null;
    assert.equal(failed.code, 4, failed.output);
    for (const secret of Object.values(GOOGLE_SECRETS).slice(1, 3)) assert.ok(!failed.output.includes(secret));
  });
});
