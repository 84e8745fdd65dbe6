// The importer's exit codes for what went wrong: a usage error (2) and a data directory it cannot read or write (3).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";

const ROOT = path.join(import.meta.dirname, "../../..");
const SCRIPT = path.join(ROOT, "scripts/import.ts");
const EXPORT = path.join(ROOT, "tests/fixtures/import/csv/european.csv");

function importer(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { code: r.status, err: r.stderr };
}

describe("import exit codes", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "reviews-import-exit-"));

  it("answers 2 for a usage error", () => {
    const r = importer(dir, "--from", "xml", EXPORT);
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /--from: unknown format 'xml'/);
  });
  it("answers 4 when the data directory cannot be read, naming the failure", () => {
    const notADirectory = path.join(dir, "a-file");
    writeFileSync(notADirectory, "");
    const r = importer(notADirectory, "--from", "csv", EXPORT);
    assert.equal(r.code, 4, r.err);
    assert.match(r.err, /import failed reading or writing the data, nothing was changed: ENOTDIR/);
  });
  it("imports the semicolon-separated export cleanly", () => {
    const r = importer(dir, "--from", "csv", EXPORT);
    assert.equal(r.code, 0, r.err);
  });
});
