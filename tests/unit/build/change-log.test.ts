// The build's change log step: the previous log continued, or a new history started, with why, when it cannot be read.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { publishedReviews, writeChangeLog } from "../../../src/build/change-log.ts";
import { CHANGE_LOG_FILE, decodeChangeLog, reviewHash } from "../../../src/lib/changes/log.ts";
import { dataset } from "../../helpers/dataset.ts";

const NOW = Date.parse("2030-01-01T00:00:00Z");
const { reviews } = dataset(5);
const hashes = reviews.map((r) => reviewHash(JSON.stringify(r)));

describe("writeChangeLog", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "change-log-"));
  after(() => rm(root, { recursive: true, force: true }));
  const written = async () => decodeChangeLog(await readFile(path.join(root, CHANGE_LOG_FILE), "utf8"));

  it("continues the previous log: one review added is one entry more, the history kept", async () => {
    const first = await writeChangeLog(
      root,
      publishedReviews(reviews.slice(1), hashes.slice(1)),
      { text: null, reason: "none" },
      NOW,
    );
    assert.deepEqual([first.next.started, first.reason], [true, "none"]);
    const before = await written();
    const text = await readFile(path.join(root, CHANGE_LOG_FILE), "utf8");
    const next = await writeChangeLog(root, publishedReviews(reviews, hashes), { text, reason: null }, NOW + 60_000);
    assert.deepEqual([next.next.started, next.next.upserts, next.next.removals, next.reason], [false, 1, 0, null]);
    const after = await written();
    assert.equal(after.history, before.history);
    assert.deepEqual(after.entries.slice(0, -1), before.entries);
    assert.deepEqual(after.entries.at(-1), { seq: 5, id: reviews[0]!.id, hash: hashes[0], at: NOW / 1000 + 60 });
  });

  it("starts a new history, saying why, from a previous log it cannot read", async () => {
    const next = await writeChangeLog(
      root,
      publishedReviews(reviews, hashes),
      { text: '{"format":1,"history":"x"}', reason: null },
      NOW,
    );
    assert.equal(next.next.started, true);
    assert.equal(next.reason, "the previous change log cannot be read (no valid history id)");
    assert.equal((await written()).entries.length, reviews.length);
  });
});
