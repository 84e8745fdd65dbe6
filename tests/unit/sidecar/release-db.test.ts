// The release database: the build writes the same file from the same input, holding each review's JSON as
// /reviews.json publishes it and the change log; the sidecar refuses one that is not whole and closes it once let go.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, truncate } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { writeReleaseDb } from "../../../src/build/release-db.ts";
import { type ChangeLog, reviewHash } from "../../../src/lib/changes/log.ts";
import { idsDigest, RELEASE_DB_FILE } from "../../../src/lib/release-db/schema.ts";
import type { Manifest, ReleaseDbFile } from "../../../src/lib/schema/manifest.ts";
import { openReleaseDb } from "../../../sidecar/release/release-db.ts";
import { dataset } from "../../helpers/dataset.ts";

const data = dataset(40);
const log: ChangeLog = {
  history: "0123456789abcdef",
  entries: [
    ...data.reviews.map((r, k) => ({
      seq: k + 1,
      id: r.id,
      hash: reviewHash(JSON.stringify(r)),
      at: 1_700_000_000 + k,
    })),
    { seq: data.reviews.length + 1, id: "gone", hash: null, at: 1_800_000_000 },
  ],
};

describe("release database", () => {
  let tmp: string;
  const site = (dir: string, described: ReleaseDbFile) => ({
    id: path.basename(dir),
    dir,
    manifest: { release_db: described } as Manifest,
  });
  const write = async (name: string, changeLog: ChangeLog | null = log) => {
    const dir = path.join(tmp, name);
    await mkdir(dir, { recursive: true });
    return { dir, described: await writeReleaseDb(path.join(dir, RELEASE_DB_FILE), { dataset: data, changeLog }) };
  };

  before(async () => (tmp = await mkdtemp(path.join(os.tmpdir(), "release-db-"))));
  after(() => rm(tmp, { recursive: true, force: true }));

  it("is the same file from the same input, described by its size and sha256", async () => {
    const [a, b] = [await write("a"), await write("b")];
    assert.deepEqual(a.described, b.described);
    const bytes = await readFile(path.join(a.dir, RELEASE_DB_FILE));
    assert.equal(a.described.bytes, bytes.length);
    assert.deepEqual(await readFile(path.join(b.dir, RELEASE_DB_FILE)), bytes);
  });

  it("gives back each review's published JSON by its place, alone or a page at once, and the change log", async () => {
    const { dir, described } = await write("read");
    const db = openReleaseDb(site(dir, described));
    try {
      const { reviews, ...head } = data;
      assert.deepEqual(JSON.parse(JSON.stringify(db.head)), JSON.parse(JSON.stringify(head)));
      assert.equal(db.count, reviews.length);
      assert.equal(db.idsSha256, idsDigest(reviews.map((r) => r.id)));
      assert.equal(db.json(3), JSON.stringify(reviews[3]));
      assert.deepEqual(
        db.jsonMany([7, 2, 39]),
        [7, 2, 39].map((k) => JSON.stringify(reviews[k])),
      );
      assert.throws(() => db.json(40), /no review 40/);
      assert.throws(() => db.jsonMany([1, 40]), /no review 40/);
      // The feed pages the log in order, each upsert with the review's JSON, a removal without.
      const feed = db.changes!;
      assert.deepEqual([feed.history, feed.lastSeq, feed.newestAt], [log.history, 41, 1_800_000_000]);
      assert.deepEqual(
        feed.after(38, 10).map((c) => ({ ...c })),
        [
          { seq: 39, id: reviews[38]!.id, at: 1_700_000_038, json: JSON.stringify(reviews[38]) },
          { seq: 40, id: reviews[39]!.id, at: 1_700_000_039, json: JSON.stringify(reviews[39]) },
          { seq: 41, id: "gone", at: 1_800_000_000, json: null },
        ],
      );
      assert.deepEqual(feed.after(41, 10), []);
    } finally {
      db.retire();
    }
  });

  it("says when the release has no change log", async () => {
    const { dir, described } = await write("no-log", null);
    const db = openReleaseDb(site(dir, described));
    assert.equal(db.changes, null);
    db.retire();
  });

  it("is not written for a change log of other reviews", async () => {
    const other = { ...log, entries: log.entries.slice(1) };
    await assert.rejects(write("misfit", other), /lists 39 published reviews, the release publishes 40/);
  });

  it("refuses a release without one, of another format, or not whole", async () => {
    const { dir, described } = await write("refused");
    assert.throws(() => openReleaseDb({ id: "x", dir, manifest: {} as Manifest }), /has no release database/);
    assert.throws(() => openReleaseDb(site(dir, { ...described, format: 99 })), /format 99, this sidecar reads/);
    await truncate(path.join(dir, RELEASE_DB_FILE), described.bytes - 4096);
    assert.throws(() => openReleaseDb(site(dir, described)), /bytes, manifest.json says .*: the release is not whole/);
  });

  it("stays open while held after it is retired, and closes when the last holder lets go", async () => {
    const { dir, described } = await write("held");
    const db = openReleaseDb(site(dir, described));
    const letGo = db.hold();
    db.retire();
    assert.equal(db.json(0), JSON.stringify(data.reviews[0]));
    letGo();
    letGo(); // a second call lets go of nothing more
    assert.throws(() => db.json(0), /finalized|not open/);
  });
});
