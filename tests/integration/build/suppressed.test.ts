// A review named in data/suppressed.jsonl is never published, the build says how many it left out, and lifting the
// suppression publishes it again (the rebuild does not carry the previous release's reviews over it).
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { it } from "node:test";
import { build, SAMPLE_DATA } from "../../helpers/build.ts";

const idsOf = async (distDir: string): Promise<string[]> =>
  JSON.parse(await readFile(path.join(distDir, "reviews.json"), "utf8")).reviews.map((r: { id: string }) => r.id);

it("leaves suppressed reviews out, reports the count, and publishes them again once the suppression is lifted", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reviews-data-"));
  await copyFile(path.join(SAMPLE_DATA, "business.json"), path.join(dir, "business.json"));
  const lines = (await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8")).split("\n").filter(Boolean);
  await writeFile(path.join(dir, "reviews.jsonl"), `${lines.slice(0, 30).join("\n")}\n`);
  const hidden = JSON.parse(lines[4]!).id as string;
  const suppressed = path.join(dir, "suppressed.jsonl");
  await writeFile(suppressed, `${JSON.stringify({ id: hidden, reason: "privacy request" })}\n`);

  const first = await build({ dataDir: dir });
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, /^note: 1 review of the source left out by .*suppressed\.jsonl$/m);
  const published = await idsOf(first.distDir);
  assert.equal(published.length, 29);
  assert.ok(!published.includes(hidden));
  const everything = await readdirText(path.dirname(first.distDir));
  assert.ok(!everything.includes("privacy request"), "the reason is never published");

  await rm(suppressed);
  const second = await build({ dataDir: dir, distDir: first.distDir });
  assert.equal(second.code, 0, second.stderr);
  assert.ok((await idsOf(second.distDir)).includes(hidden));
  assert.doesNotMatch(second.stderr, /^note: /m);
});

/** Every published file's text, concatenated (small: 30 reviews). */
async function readdirText(root: string): Promise<string> {
  const files = await readdir(root, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    files
      .filter((f) => f.isFile() && !/\.(br|gz|bin)$/.test(f.name))
      .map((f) => readFile(path.join(f.parentPath, f.name), "utf8")),
  );
  return texts.join("\n");
}
