// `redocly lint` with its built-in recommended rules reports no errors on the document.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { it } from "node:test";
import { promisify } from "node:util";
import { documentFor } from "./helpers.ts";

const run = promisify(execFile);
// The CLI's own entry point, run with this Node: the same program `npx redocly` starts, without npm in between.
const CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")),
  "bin",
  "cli.js",
);

type LintReport = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string }[];
};

it("passes redocly lint (recommended rules) without errors", async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), "openapi-lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(documentFor(), null, 2));
    // cwd is the temp dir so that no redocly.yaml of the checkout applies: the built-in recommended rules do.
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
    const { stdout } = await run(process.execPath, [CLI, "lint", "--format=json", file], {
      cwd: dir,
      env,
      timeout: 60_000,
    }).catch((err) => {
      if (typeof err.stdout === "string" && err.stdout.includes('"totals"')) return err as { stdout: string };
      throw err;
    });
    const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as LintReport;
    for (const p of report.problems) t.diagnostic(`${p.severity} ${p.ruleId}: ${p.message}`);
    const errors = report.problems.filter((p) => p.severity === "error");
    assert.equal(report.totals.errors, 0, JSON.stringify(errors, null, 1));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
