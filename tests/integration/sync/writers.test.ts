// One writer at a time on a data directory: while a live process holds data/.write.lock, `npm run import` and
// `npm run build` exit 3 naming the holder and leave the data as it was; a dry-run import needs no lock.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { promisify } from "node:util";
import { LOCK_FILE } from "../../../src/lib/data-lock.ts";
import { tempData } from "../../unit/sync/harness.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
after(() => holder.kill("SIGKILL"));

function run(script: string, args: string[], dataDir: string) {
  return promisify(execFile)(process.execPath, [path.join(ROOT, script), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, "dist") },
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

it("import and build exit 3 while a sync holds the data directory", { timeout: 120_000 }, async () => {
  const dir = await tempData();
  const lock = { pid: holder.pid, host: os.hostname(), command: "npm run sync (full)", since: "2026-12-07T16:00:00Z" };
  await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(lock));
  const exportFile = path.join(ROOT, "tests/fixtures/import/google/takeout-2026-09.json");
  const imported = await run("scripts/import.ts", [exportFile], dir);
  assert.equal(imported.code, 3, imported.stdout + imported.stderr);
  assert.match(imported.stderr, new RegExp(`held by npm run sync \\(full\\) \\(pid ${holder.pid} on `));
  assert.equal(await readFile(path.join(dir, "reviews.jsonl"), "utf8"), "");
  const dry = await run("scripts/import.ts", ["--dry-run", exportFile], dir);
  assert.equal(dry.code, 0, dry.stdout + dry.stderr);
  const built = await run("scripts/build.ts", [], dir);
  assert.equal(built.code, 3, built.stdout + built.stderr);
  assert.match(built.stderr, /held by npm run sync \(full\)/);
});
