// The build warns, without failing, about catalog names that find no review or only a full name.
import assert from "node:assert/strict";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { it } from "node:test";
import { build, SAMPLE_DATA } from "../../helpers/build.ts";

it("prints a warning for a technician no review mentions and one whose first name is a common word", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reviews-data-"));
  const business = JSON.parse(await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8"));
  business.technicians.push({ id: "will-carter", name: "Will Carter", aliases: [] });
  await writeFile(path.join(dir, "business.json"), JSON.stringify(business));
  const lines = (await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8")).split("\n").filter(Boolean);
  const review = { ...JSON.parse(lines[0]!), text: "They will come back Monday." };
  await writeFile(path.join(dir, "reviews.jsonl"), `${[JSON.stringify(review), ...lines.slice(1, 20)].join("\n")}\n`);

  const built = await build({ dataDir: dir });
  assert.equal(built.code, 0, built.stderr);
  assert.match(built.stderr, /^warning: technician will-carter: no review mentions "Will Carter"; /m);
  assert.match(
    built.stderr,
    /^warning: technician will-carter: "Will" is a common word, so only "Will Carter" counts/m,
  );
});
