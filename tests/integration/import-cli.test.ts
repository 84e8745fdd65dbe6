// `npm run import` as a user runs it: the CLI in a child process against a temporary data directory.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";

const ROOT = path.join(import.meta.dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/import.ts");
const FIXTURES = path.join(ROOT, "tests/fixtures/import");
const fx = (name: string) => path.join(FIXTURES, name);

function importer(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

const tempData = () => mkdtempSync(path.join(os.tmpdir(), "reviews-import-"));
const reviews = (dir: string) => readFileSync(path.join(dir, "reviews.jsonl"), "utf8");
const ids = (dir: string) =>
  reviews(dir)
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l).id as string);

describe("npm run import", () => {
  it("imports into a data directory without reviews.jsonl, and a second import changes nothing, byte for byte", () => {
    const dir = tempData();
    const first = importer(dir, "--from", "google", fx("google/takeout-2026-09.json"));
    assert.equal(first.code, 0, first.out);
    const bytes = reviews(dir);
    assert.equal(bytes.split("\n").length, 7);
    const again = importer(dir, "--from", "google", fx("google/takeout-2026-09.json"));
    assert.equal(again.code, 0, again.out);
    assert.match(again.out, /unchanged\s+6/);
    assert.equal(reviews(dir), bytes);
    assert.ok(!existsSync(path.join(dir, "reviews.jsonl.bak")), "nothing was rewritten");
  });

  it("updates edited reviews, keeps the previous file as .bak, and prunes a deleted one only with --prune", () => {
    const dir = tempData();
    assert.equal(importer(dir, "--from", "google", fx("google/takeout-2026-09.json")).code, 0);
    const before = reviews(dir);
    const edit = importer(dir, "--from", "google", fx("google/api-2026-10.json"));
    assert.equal(edit.code, 0, edit.out);
    assert.match(edit.out, /google-AbFvOqlEd1tedL4terXyz789: updated_at, rating, text/);
    assert.match(edit.out, /not in the export\s+1 .*google-AbFvOqjDe1etedS00nQwe456/);
    assert.equal(readFileSync(path.join(dir, "reviews.jsonl.bak"), "utf8"), before);
    assert.ok(ids(dir).includes("google-AbFvOqjDe1etedS00nQwe456"));
    const prune = importer(dir, "--from", "google", fx("google/api-2026-10.json"), "--prune");
    assert.equal(prune.code, 0, prune.out);
    assert.match(prune.out, /pruned\s+1/);
    assert.ok(!ids(dir).includes("google-AbFvOqjDe1etedS00nQwe456"));
  });

  it("writes nothing on --dry-run, and prints the diff", () => {
    const dir = tempData();
    assert.equal(importer(dir, "--from", "google", fx("google/takeout-2026-09.json")).code, 0);
    const before = reviews(dir);
    const dry = importer(dir, "--from", "google", fx("google/api-2026-10.json"), "--dry-run", "--prune");
    assert.equal(dry.code, 0, dry.out);
    assert.match(dry.out, /added\s+1\s+google-AbFvOqgN3wInOctober00bb2/);
    assert.match(dry.out, /pruned\s+1/);
    assert.match(dry.out, /Dry run: nothing was written/);
    assert.equal(reviews(dir), before);
    assert.ok(!existsSync(path.join(dir, "reviews.jsonl.bak")));
  });

  it("refuses a bad row with its row number and writes nothing; --skip-invalid imports the rest", () => {
    const dir = tempData();
    writeFileSync(path.join(dir, "reviews.jsonl"), "");
    const bad = importer(dir, "--from", "trustpilot", fx("bad/trustpilot-bad.csv"), fx("bad/google-bad.json"));
    assert.equal(bad.code, 1, bad.out);
    assert.match(bad.out, /trustpilot-bad\.csv: row 3: Review Stars: expected a whole number 1-5, got "6"/);
    assert.match(bad.out, /trustpilot-bad\.csv: row 4 \(line 5\): Review Created \(UTC\): not a timestamp/);
    assert.match(bad.out, /nothing was written/);
    assert.equal(reviews(dir), "");
    const skip = importer(dir, "--from", "trustpilot", fx("bad/trustpilot-bad.csv"), "--skip-invalid");
    assert.equal(skip.code, 0, skip.out);
    assert.deepEqual(ids(dir), ["trustpilot-64c9e1f2a3b4c5d6e7f80921"]);
  });

  it("refuses every problem of a Google export in one run, by JSON pointer", () => {
    const bad = importer(tempData(), "--from", "google", fx("bad/google-bad.json"));
    assert.equal(bad.code, 1);
    assert.match(bad.out, /google-bad\.json: \/reviews\/1: starRating: expected one of ONE/);
    assert.match(bad.out, /google-bad\.json: \/reviews\/2: createTime: not a timestamp/);
  });

  it("refuses an empty export and never empties the data", () => {
    const dir = tempData();
    assert.equal(importer(dir, "--from", "google", fx("google/takeout-2026-09.json")).code, 0);
    const before = reviews(dir);
    for (const [format, file] of [
      ["google", "bad/google-empty.json"],
      ["trustpilot", "bad/trustpilot-empty.csv"],
    ] as const) {
      const empty = importer(dir, "--from", format, fx(file), "--prune", "--skip-invalid");
      assert.equal(empty.code, 1, empty.out);
      assert.match(empty.out, /no reviews in this export/);
    }
    assert.equal(reviews(dir), before);
  });

  it("keeps every platform's reviews side by side", () => {
    const dir = tempData();
    assert.equal(importer(dir, "--from", "google", fx("google/api-2026-10.json")).code, 0);
    assert.equal(
      importer(dir, "--from", "trustpilot", fx("trustpilot/reviews.csv"), fx("trustpilot/reviews.json")).code,
      0,
    );
    const csv = importer(dir, "--from", "csv", fx("csv/mixed.csv"), "--prune");
    assert.equal(csv.code, 0, csv.out);
    const platforms = reviews(dir)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).source.platform as string);
    assert.deepEqual([...new Set(platforms)], ["google", "trustpilot", "yelp", "nextdoor"]);
    assert.equal(platforms.length, 6 + 5 + 2);
  });

  it("tells Google and Trustpilot exports apart without --from, so one command imports them all", () => {
    const dir = tempData();
    const files = [fx("google/api-2026-10.json"), fx("trustpilot/reviews.csv"), fx("trustpilot/reviews.json")];
    const both = importer(dir, ...files);
    assert.equal(both.code, 0, both.out);
    assert.match(both.out, /api-2026-10\.json: \d+ records? \(google\)/);
    assert.match(both.out, /reviews\.csv: \d+ records? \(trustpilot\)/);
    const byFlag = tempData();
    assert.equal(importer(byFlag, "--from", "google", files[0]!).code, 0);
    assert.equal(importer(byFlag, "--from", "trustpilot", files[1]!, files[2]!).code, 0);
    const sorted = (d: string) => reviews(d).trim().split("\n").sort();
    assert.deepEqual(sorted(dir), sorted(byFlag), "the same reviews as with --from");
    const generic = importer(tempData(), fx("csv/mixed.csv"));
    assert.equal(generic.code, 1);
    assert.match(generic.out, /mixed\.csv.*name its format with --from google, trustpilot or csv/);
  });

  it("skips unverified reviews unless --include-unverified, which imports them with verified null", () => {
    const dir = tempData();
    const skipped = importer(dir, "--from", "trustpilot", fx("trustpilot/reviews.json"));
    assert.match(
      skipped.out,
      /unverified\s+1\s+\(skipped; --include-unverified imports them\) trustpilot-66f1a2b3c4d5e6f708192a3d/,
    );
    const included = importer(dir, "--from", "trustpilot", fx("trustpilot/reviews.json"), "--include-unverified");
    assert.equal(included.code, 0, included.out);
    const line = reviews(dir)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .find((r) => r.id === "trustpilot-66f1a2b3c4d5e6f708192a3d");
    assert.equal(line.verified, null);
  });

  it("reports a suppressed review and does not import it", () => {
    const dir = tempData();
    writeFileSync(
      path.join(dir, "suppressed.jsonl"),
      `${JSON.stringify({ id: "google-AbFvOqkAnon0nym0usR4t1ng", reason: "privacy request" })}\n`,
    );
    const r = importer(dir, "--from", "google", fx("google/api-2026-10.json"));
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /suppressed\s+1 .*google-AbFvOqkAnon0nym0usR4t1ng/);
    assert.ok(!ids(dir).includes("google-AbFvOqkAnon0nym0usR4t1ng"));
  });

  it("answers a usage error with exit code 2, naming the option and the valid formats", () => {
    const r = importer(tempData(), "--from", "yelp", "x.csv");
    assert.equal(r.code, 2);
    assert.match(r.out, /--from: unknown format 'yelp'; valid formats: google, trustpilot, csv/);
    assert.equal(importer(tempData(), "--from", "google").code, 2);
    assert.equal(importer(tempData(), "--from", "csv", "--map", "Stars=stars", "x.csv").code, 2);
  });
});
