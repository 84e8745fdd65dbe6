// A build that would drop more than half of the live release's reviews is refused, naming both counts, unless the build
// is told --allow-shrink.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { before, describe, it } from "node:test";
import { build, SAMPLE_DATA } from "../helpers/build.ts";
import { assertRefused, dataDir, type LiveRelease, liveRelease, sampleLines } from "../helpers/data-dir.ts";

describe("a build that drops most of the live release's reviews", () => {
  let live: LiveRelease;
  before(async () => {
    live = await liveRelease();
  });
  const keep = async (count: number) => dataDir({ reviews: `${(await sampleLines(count)).join("\n")}\n` });

  it("is refused, naming both counts", async () => {
    const result = await build({ dataDir: await keep(9), distDir: live.distDir });
    await assertRefused(result, live, /live release has 20 reviews, this build would have 9[^\n]*--allow-shrink/);
  });

  it("builds with --allow-shrink", async () => {
    const result = await build({ dataDir: await keep(9), distDir: live.distDir, args: ["--allow-shrink"] });
    assert.equal(result.code, 0, result.stderr);
  });

  it("builds when the live release is another business's (the same reviews.jsonl with another id)", async () => {
    const business = JSON.parse(await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8")) as { id: string };
    const other = JSON.stringify({ ...business, id: "another-business" });
    const data = await dataDir({ reviews: `${(await sampleLines(9)).join("\n")}\n`, business: other });
    const result = await build({ dataDir: data, distDir: (await liveRelease()).distDir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /change log started anew with 9 reviews \(the previous release is of another business/);
  });

  it("builds when half of them stay", async () => {
    const result = await build({ dataDir: await keep(10), distDir: (await liveRelease()).distDir });
    assert.equal(result.code, 0, result.stderr);
  });
});
