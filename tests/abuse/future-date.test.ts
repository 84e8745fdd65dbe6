// A review dated more than a day after the build machine's clock is refused, naming file, line and field.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { build } from "../helpers/build.ts";
import { assertRefused, dataDir, type LiveRelease, liveRelease, sampleLines } from "../helpers/data-dir.ts";

const DAY = 86_400_000;
const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, "Z");

describe("a build over reviews from the future", () => {
  let live: LiveRelease;
  before(async () => {
    live = await liveRelease();
  });

  it("names the line and field of each", async () => {
    const lines = (await sampleLines()).map((l) => JSON.parse(l));
    lines[2].published_at = timestamp(Date.now() + 3 * DAY);
    lines[2].updated_at = null;
    lines[2].owner_reply = null;
    lines[7].verified.verified_at = timestamp(Date.now() + 40 * DAY);
    const reviews = `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
    const result = await build({ dataDir: await dataDir({ reviews }), distDir: live.distDir });
    await assertRefused(result, live, /reviews\.jsonl:3: published_at: [^\n]*in the future/);
    await assertRefused(result, live, /reviews\.jsonl:8: verified\.verified_at: [^\n]*in the future/);
  });

  it("accepts a review dated within the day ahead (clocks and time zones differ)", async () => {
    const lines = (await sampleLines()).map((l) => JSON.parse(l));
    lines[2].published_at = timestamp(Date.now() + DAY / 2);
    lines[2].updated_at = null;
    lines[2].owner_reply = null;
    const reviews = `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
    const result = await build({ dataDir: await dataDir({ reviews }) });
    assert.equal(result.code, 0, result.stderr);
  });
});
