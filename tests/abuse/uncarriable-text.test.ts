// Characters XML, SVG and JSON cannot carry (C0 controls but tab, newline and return; U+FFFE, U+FFFF; lone surrogates):
// the build refuses them in data/, naming every line and field at once (business.json too), so a broken /feed.xml or
// /badge.svg is never published; an import from a platform, whose text the owner cannot edit, replaces them with
// U+FFFD and says which review. Before, the build published them and /feed.xml was not well-formed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { build, ROOT, SAMPLE_DATA } from "../helpers/build.ts";
import { dataDir, sampleLines } from "../helpers/data-dir.ts";

/** `line` (a reviews.jsonl line) with `field` of its object set to `value`. */
function withField(line: string, set: (r: Record<string, any>) => void): string {
  const review = JSON.parse(line) as Record<string, any>;
  set(review);
  return JSON.stringify(review);
}

describe("text feeds cannot carry", () => {
  it("is refused by the build in reviews.jsonl, every line and field named in one build", async () => {
    const lines = await sampleLines(8);
    lines[1] = withField(lines[1]!, (r) => (r.text = "Fine work\u0000 really"));
    lines[2] = withField(lines[2]!, (r) => (r.author.name = "Bell\u0007 Ringer"));
    lines[3] = withField(lines[3]!, (r) => (r.text = "Odd \uFFFF byte"));
    lines[4] = withField(lines[4]!, (r) => (r.title = "Half \uD800 a pair"));
    lines[5] = withField(
      lines[5]!,
      (r) => (r.owner_reply = { text: "Thanks\u001b[31m", published_at: r.published_at }),
    );
    // Tab, newline and carriage return are text, as is a whole surrogate pair.
    lines[6] = withField(lines[6]!, (r) => (r.text = "Tabs\tand\nlines\r\nand 😀 are fine"));
    const result = await build({ dataDir: await dataDir({ reviews: `${lines.join("\n")}\n` }) });
    const out = result.stdout + result.stderr;
    assert.notEqual(result.code, 0, "the build fails");
    assert.match(out, /reviews\.jsonl:2: text: contains U\+0000 \(a control character\) at character 10/);
    assert.match(out, /reviews\.jsonl:3: author\.name: contains U\+0007/);
    assert.match(out, /reviews\.jsonl:4: text: contains U\+FFFF \(a noncharacter\)/);
    assert.match(out, /reviews\.jsonl:5: title: contains U\+D800 \(a lone surrogate\)/);
    assert.match(out, /reviews\.jsonl:6: owner_reply\.text: contains U\+001B/);
    assert.doesNotMatch(out, /reviews\.jsonl:7:/);
  });

  it("is refused by the build in business.json, naming its line and field", async () => {
    const business = JSON.parse(await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8")) as Record<string, any>;
    business.name = "Caliche\u0001 Creek";
    business.technicians[0].name = "Michael\uFFFE Torres";
    const dir = await dataDir({
      reviews: `${(await sampleLines(4)).join("\n")}\n`,
      business: JSON.stringify(business, null, 2),
    });
    const result = await build({ dataDir: dir });
    const out = result.stdout + result.stderr;
    assert.notEqual(result.code, 0, "the build fails");
    assert.match(out, /business\.json:\d+: name: contains U\+0001/);
    assert.match(out, /business\.json:\d+: technicians\.0\.name: contains U\+FFFE/);
  });

  it("is replaced by U+FFFD on import from a platform, with a note naming the review", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "reviews-import-"));
    const exportFile = path.join(dir, "google-export.json");
    const review = (id: string, name: string, comment: string) => ({
      name: `accounts/1/locations/2/reviews/${id}`,
      reviewer: { displayName: name },
      starRating: "FIVE",
      comment,
      createTime: "2026-09-02T15:04:05Z",
      updateTime: "2026-09-02T15:04:05Z",
    });
    writeFileSync(
      exportFile,
      JSON.stringify({
        reviews: [
          review("Bad0ne", "Null\u0000 Name", "Broke\u000b the \uFFFF feed"),
          review("G00dOne", "Plain Name", "Nothing odd here.\nTwo lines."),
        ],
      }),
    );
    const r = spawnSync(process.execPath, [path.join(ROOT, "scripts/import.ts"), "--from", "google", exportFile], {
      env: { ...process.env, DATA_DIR: dir },
      encoding: "utf8",
    });
    const out = r.stdout + r.stderr;
    assert.equal(r.status, 0, out);
    assert.match(out, /review google-Bad0ne .*: comment, reviewer\.displayName: .*replaced by U\+FFFD/);
    assert.doesNotMatch(out, /google-G00dOne[^\n]*replaced/);
    const lines = readFileSync(path.join(dir, "reviews.jsonl"), "utf8").trim().split("\n");
    const bad = lines.map((l) => JSON.parse(l) as Record<string, any>).find((l) => l.id === "google-Bad0ne")!;
    assert.equal(bad.author.name, "Null\uFFFD Name");
    assert.equal(bad.text, "Broke\uFFFD the \uFFFD feed");
    assert.doesNotMatch(lines.join("\n"), /\\u000[0-8bB]|\\uffff/i);
  });
});
