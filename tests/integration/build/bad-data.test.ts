// A build over invalid data fails with file, line and field, and leaves the published release untouched.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readFile, readdir, readlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { build, SAMPLE_DATA } from "../../helpers/build.ts";

async function dataDir(edit: (lines: string[]) => string[]): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reviews-data-"));
  await copyFile(path.join(SAMPLE_DATA, "business.json"), path.join(dir, "business.json"));
  const lines = (await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8"))
    .split("\n")
    .filter(Boolean)
    .slice(0, 20);
  await writeFile(path.join(dir, "reviews.jsonl"), `${edit(lines).join("\n")}\n`);
  return dir;
}

describe("a build over invalid data", () => {
  it("names file, line and field, exits non-zero, and keeps the previous release", async () => {
    const good = await build({ dataDir: await dataDir((l) => l) });
    assert.equal(good.code, 0, good.stderr);
    const published = await readlink(good.distDir);

    const bad = await dataDir((lines) => {
      const third = JSON.parse(lines[2]!);
      third.rating = 7;
      const fifth = JSON.parse(lines[4]!);
      delete fifth.author;
      return [
        lines[0]!,
        lines[1]!,
        JSON.stringify(third),
        lines[3]!,
        JSON.stringify(fifth),
        "{not json",
        ...lines.slice(5),
      ];
    });
    const failed = await build({ dataDir: bad, distDir: good.distDir });
    assert.notEqual(failed.code, 0);
    const output = failed.stdout + failed.stderr;
    assert.match(output, /reviews\.jsonl:3: rating: Too big/);
    assert.match(output, /reviews\.jsonl:5: author: /);
    assert.match(output, /reviews\.jsonl:6: invalid JSON/);
    assert.equal(await readlink(good.distDir), published, "the symlink still points at the previous release");
    const leftovers = (await readdir(path.join(path.dirname(good.distDir), ".dist-releases"))).filter((n) =>
      n.startsWith("."),
    );
    assert.deepEqual(leftovers, [], "no staging directory is left behind");
  });

  it("refuses duplicate review ids, naming both lines", async () => {
    const dup = await dataDir((lines) => [...lines, lines[0]!]);
    const failed = await build({ dataDir: dup });
    assert.notEqual(failed.code, 0);
    assert.match(failed.stdout + failed.stderr, /reviews\.jsonl:21: id: duplicate id '[^']+' \(first on line 1\)/);
  });

  it("names the line of a bad field in business.json", async () => {
    const dir = await dataDir((l) => l);
    const business = JSON.parse(await readFile(path.join(dir, "business.json"), "utf8"));
    business.time_zone = "Mars/Olympus";
    const text = JSON.stringify(business, null, 2);
    await writeFile(path.join(dir, "business.json"), text);
    const line = text.split("\n").findIndex((l) => l.includes("Mars/Olympus")) + 1;
    const failed = await build({ dataDir: dir });
    assert.notEqual(failed.code, 0);
    assert.match(
      failed.stdout + failed.stderr,
      new RegExp(`business\\.json:${line}: time_zone: expected an IANA time zone`),
    );
  });
});
