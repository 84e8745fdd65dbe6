// An import killed mid-write (kill -9) leaves `.reviews.jsonl.<pid>.tmp` beside the data file, up to a whole data file
// each; the next import removes those whose process is gone, and leaves a running import's own.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "node:test";
import { ROOT } from "../helpers/build.ts";

it("removes the temporary files of imports that died, on the next import", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "reviews-import-"));
  // A process that has exited: its pid names a writer that is gone.
  const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
  const stale = path.join(dir, `.reviews.jsonl.${gone}.tmp`);
  const live = path.join(dir, `.reviews.jsonl.${process.pid}.tmp`);
  writeFileSync(stale, "x".repeat(1 << 20));
  writeFileSync(live, "being written");
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "scripts/import.ts"),
      "--from",
      "google",
      path.join(ROOT, "tests/fixtures/import/google/takeout-2026-09.json"),
    ],
    { env: { ...process.env, DATA_DIR: dir }, encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.ok(!existsSync(stale), "the dead import's temporary file is still there");
  assert.ok(existsSync(live), "a running import's temporary file was removed");
});
