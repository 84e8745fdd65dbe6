// A UTF-8 byte order mark at the start of either source file is accepted, the same for both.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { build, SAMPLE_DATA } from "../helpers/build.ts";
import { dataDir, sampleLines } from "../helpers/data-dir.ts";

describe("a build over source files with a byte order mark", () => {
  it("reads both files as without it", async () => {
    const business = `\ufeff${await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8")}`;
    const reviews = `\ufeff${(await sampleLines()).join("\n")}\n`;
    const result = await build({ dataDir: await dataDir({ business, reviews }) });
    assert.equal(result.code, 0, result.stderr);
    const published = JSON.parse(await readFile(path.join(result.distDir, "reviews.json"), "utf8"));
    assert.equal(published.reviews.length, 20);
    assert.ok(!published.business.id.includes("\ufeff"));
  });
});
