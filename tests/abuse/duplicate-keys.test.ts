// A JSON object holding the same key twice is refused, naming file, line and key, instead of the last one winning.
import { before, describe, it } from "node:test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build, SAMPLE_DATA } from "../helpers/build.ts";
import { assertRefused, dataDir, type LiveRelease, liveRelease, sampleLines } from "../helpers/data-dir.ts";

describe("a build over JSON with duplicate keys", () => {
  let live: LiveRelease;
  before(async () => {
    live = await liveRelease();
  });

  it("names the line and key of every review repeating a key, nested too", async () => {
    const lines = await sampleLines();
    lines[1] = lines[1]!.replace(/^\{/, '{"rating":1,');
    // The same key spelled with an escape is the same key.
    lines[4] = lines[4]!.replace('"author":{', '"author":{"\\u006eame":"Someone else",');
    // A string value that looks like a repeated key is not one.
    lines[5] = lines[5]!.replace(/"title":(null|"[^"]*")/, '"title":"\\"rating\\":5"');
    const result = await build({ dataDir: await dataDir({ reviews: `${lines.join("\n")}\n` }), distDir: live.distDir });
    await assertRefused(result, live, /reviews\.jsonl:2: rating: duplicate key 'rating'/);
    await assertRefused(result, live, /reviews\.jsonl:5: author\.name: duplicate key 'name'/);
    await assertRefused(result, live, /^(?![\s\S]*reviews\.jsonl:6:)/);
  });

  it("names the line and key in business.json", async () => {
    const text = await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8");
    const business = text.replace(/\n(\s*)"name": /, '\n$1"name": "Other",\n$1"name": ');
    const line = business.split("\n").findIndex((l) => l.includes('"name": "Other"')) + 2;
    const dir = await dataDir({ reviews: `${(await sampleLines()).join("\n")}\n`, business });
    const result = await build({ dataDir: dir, distDir: live.distDir });
    await assertRefused(result, live, new RegExp(`business\\.json:${line}: name: duplicate key 'name'`));
  });
});
