// A data line nested thousands deep is named as the problem it is (file, line, what is wrong), with every other bad
// line of the same build, instead of overflowing the build's stack. business.json likewise.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { it } from "node:test";
import { build, SAMPLE_DATA } from "../helpers/build.ts";
import { dataDir, sampleLines } from "../helpers/data-dir.ts";

const DEEP = `${"[".repeat(12_000)}${"]".repeat(12_000)}`;

it("names a reviews.jsonl line nested too deep, and the other bad lines", async () => {
  const lines = await sampleLines(6);
  lines[2] = lines[2]!.replace('"title":null', `"title":${DEEP}`);
  lines[4] = lines[4]!.replace(/"rating":\d/, '"rating":9');
  // Brackets inside a string are text, not nesting.
  lines[5] = lines[5]!.replace('"title":null', `"title":${JSON.stringify("[".repeat(100))}`);
  const result = await build({ dataDir: await dataDir({ reviews: `${lines.join("\n")}\n` }) });
  const out = result.stdout + result.stderr;
  assert.notEqual(result.code, 0);
  assert.doesNotMatch(out, /Maximum call stack/);
  assert.match(out, /reviews\.jsonl:3: nested more than 32 deep/);
  assert.match(out, /reviews\.jsonl:5: rating/);
  assert.doesNotMatch(out, /reviews\.jsonl:6:/);
});

it("names business.json nested too deep", async () => {
  const business = (await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8")).replace(
    /"description": /,
    `"deep": ${DEEP}, "description": `,
  );
  const dir = await dataDir({ reviews: `${(await sampleLines(3)).join("\n")}\n`, business });
  const result = await build({ dataDir: dir });
  const out = result.stdout + result.stderr;
  assert.notEqual(result.code, 0);
  assert.doesNotMatch(out, /Maximum call stack/);
  assert.match(out, /business\.json: nested more than 32 deep/);
});
