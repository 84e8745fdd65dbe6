// A reviews.jsonl without a review is refused, naming the file, unless the build is told --allow-empty.
import assert from "node:assert/strict";
import { readlink } from "node:fs/promises";
import { before, describe, it } from "node:test";
import { build } from "../helpers/build.ts";
import { assertRefused, dataDir, type LiveRelease, liveRelease } from "../helpers/data-dir.ts";

describe("a build over a source without reviews", () => {
  let live: LiveRelease;
  before(async () => {
    live = await liveRelease();
  });

  for (const [name, reviews] of [
    ["an empty file", ""],
    ["blank lines only", "\n  \n\n"],
  ] as const) {
    it(`refuses ${name}, naming reviews.jsonl and the flag`, async () => {
      const result = await build({ dataDir: await dataDir({ reviews }), distDir: live.distDir });
      await assertRefused(result, live, /reviews\.jsonl: no reviews[^\n]*--allow-empty/);
    });
  }

  it("builds with --allow-empty", async () => {
    const result = await build({ dataDir: await dataDir({ reviews: "" }), args: ["--allow-empty"] });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(await readlink(result.distDir));
  });
});
