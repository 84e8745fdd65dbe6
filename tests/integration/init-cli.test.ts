// `npm run init` as an owner runs it: bad or missing flags are named and nothing is written; the sample is replaced,
// another business only when told --replace.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { it } from "node:test";
import { ROOT, SAMPLE_DATA } from "../helpers/build.ts";

const FLAGS = [
  ["--name", "Zoë's Drains"],
  ["--url", "https://zoes-drains.example.com"],
  ["--telephone", "+44 20 7946 0000"],
  ["--description", "Drain clearing in north London."],
  ["--street", "1 High St"],
  ["--city", "London"],
  ["--region", "Greater London"],
  ["--postal-code", "N1 9GU"],
  ["--country", "GB"],
  ["--time-zone", "Europe/London"],
  ["--language", "en-GB"],
].flat();

function init(dataDir: string, args: readonly string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, "scripts/init.ts"), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

async function sampleCopy(): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "reviews-init-")), "data");
  await cp(SAMPLE_DATA, dir, { recursive: true });
  return dir;
}

it("names each missing or bad flag and writes nothing", async () => {
  const dir = await sampleCopy();
  const before = await readFile(path.join(dir, "business.json"), "utf8");
  const run = init(dir, ["--name", "X", "--country", "England", "--time-zone", "Mars/Olympus"]);
  assert.equal(run.code, 2);
  assert.match(run.out, /--url: missing/);
  assert.match(run.out, /--country: expected an ISO 3166-1 alpha-2 country code/);
  assert.match(run.out, /--time-zone: expected an IANA time zone/);
  assert.match(run.out, /usage: npm run init/);
  assert.equal(await readFile(path.join(dir, "business.json"), "utf8"), before);
});

it("replaces the sample with the owner's business and no reviews, the id made from the name", async () => {
  const dir = await sampleCopy();
  await writeFile(path.join(dir, "suppressed.jsonl"), '{"id":"r-000001","reason":"spam"}\n');
  const run = init(dir, FLAGS);
  assert.equal(run.code, 0, run.out);
  const business = JSON.parse(await readFile(path.join(dir, "business.json"), "utf8")) as Record<string, unknown>;
  assert.equal(business["id"], "zoes-drains");
  assert.equal(business["language"], "en-GB");
  assert.equal(await readFile(path.join(dir, "reviews.jsonl"), "utf8"), "");
  await assert.rejects(readFile(path.join(dir, "suppressed.jsonl")), "the sample's suppressions go with it");
  assert.match(run.out, /Next: npm run import/);
});

it("leaves another business alone unless told --replace", async () => {
  const dir = await sampleCopy();
  assert.equal(init(dir, FLAGS).code, 0);
  await writeFile(
    path.join(dir, "reviews.jsonl"),
    (await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8")).split("\n")[0] + "\n",
  );
  const other = [...FLAGS, "--id", "another-business"];
  const refused = init(dir, other);
  assert.equal(refused.code, 1);
  assert.match(refused.out, /holds the business zoes-drains, not the sample: nothing was changed[^\n]*--replace/);
  assert.notEqual(await readFile(path.join(dir, "reviews.jsonl"), "utf8"), "");
  const replaced = init(dir, [...other, "--replace"]);
  assert.equal(replaced.code, 0, replaced.out);
  assert.match(replaced.out, /another-business \(replacing zoes-drains\)/);
});
