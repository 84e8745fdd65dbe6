// The publish workflow installs with `npm ci`, which refuses a lock file out of step with package.json: check it as
// the workflow would, without installing anything.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { it } from "node:test";
import { promisify } from "node:util";
import { ROOT } from "../helpers/build.ts";

it("package-lock.json is in step with package.json (npm ci --dry-run)", async () => {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = promisify(execFile)(npm, ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: ROOT,
    maxBuffer: 16 * 2 ** 20,
  });
  await assert.doesNotReject(run, "npm ci refuses the lock file: run npm install and commit package-lock.json");
});
