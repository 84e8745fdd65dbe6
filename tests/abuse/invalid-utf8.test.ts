// Source files that are not valid UTF-8 are refused, naming file and line, instead of being published with U+FFFD.
import { before, describe, it } from "node:test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build, SAMPLE_DATA } from "../helpers/build.ts";
import { assertRefused, dataDir, type LiveRelease, liveRelease, sampleLines } from "../helpers/data-dir.ts";

describe("a build over invalid UTF-8", () => {
  let live: LiveRelease;
  before(async () => {
    live = await liveRelease();
  });

  it("names every line of reviews.jsonl holding a bad byte sequence", async () => {
    const lines = (await sampleLines()).map((l) => Buffer.from(`${l}\n`));
    const broken = (line: Buffer) =>
      Buffer.from(line.toString("latin1").replace('"rating"', '"\xff\xferating"'), "latin1");
    lines[3] = broken(lines[3]!);
    lines[6] = Buffer.from(lines[6]!.toString("latin1").replace(/("text":")/, "$1\xc3("), "latin1");
    const result = await build({ dataDir: await dataDir({ reviews: Buffer.concat(lines) }), distDir: live.distDir });
    await assertRefused(result, live, /reviews\.jsonl:4: invalid UTF-8/);
    await assertRefused(result, live, /reviews\.jsonl:7: invalid UTF-8/);
  });

  it("names the line of business.json", async () => {
    const business = (await readFile(path.join(SAMPLE_DATA, "business.json"), "latin1")).split("\n");
    business[2] = business[2]!.replace('"', '"\xe9');
    const dir = await dataDir({
      reviews: `${(await sampleLines()).join("\n")}\n`,
      business: Buffer.from(business.join("\n"), "latin1"),
    });
    const result = await build({ dataDir: dir, distDir: live.distDir });
    await assertRefused(result, live, /business\.json:3: invalid UTF-8/);
  });
});
