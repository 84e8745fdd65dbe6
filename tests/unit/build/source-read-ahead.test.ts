// The source read ahead on a worker thread is what the main thread would read: the same bytes and hashes, and the
// previous /reviews.json as previousReviews reads it; when the worker cannot read, the main thread reads and reports.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { datasetJson } from "../../../src/build/dataset-json.ts";
import type { PreviousBuild, PreviousRelease } from "../../../src/build/previous-release.ts";
import { previousReviews, roomFor, sourceRecordOf } from "../../../src/build/previous-reviews.ts";
import { readBuildSource } from "../../../src/build/read-source.ts";
import { readSourceAhead } from "../../../src/build/source-read-ahead.ts";
import { DataError, readSourceFiles, sourceDigests } from "../../../src/build/source.ts";
import type { ManifestEntry } from "../../../src/lib/schema/manifest.ts";
import { dataset } from "../../helpers/dataset.ts";
import { noPreviousBuild } from "../../helpers/no-previous-build.ts";

const published = dataset(30);
const lines = published.reviews.map((r) => `{"id":"${r.id}"}\n`).join("");

async function dataDir(reviews: string, suppressed?: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "source-ahead-"));
  await writeFile(path.join(dir, "business.json"), '{"name":"A business"}\n');
  await writeFile(path.join(dir, "reviews.jsonl"), reviews);
  if (suppressed !== undefined) await writeFile(path.join(dir, "suppressed.jsonl"), suppressed);
  return dir;
}

test("reads and hashes the source files on another thread as the main thread does", async () => {
  for (const suppressed of [undefined, '{"id":"x","reason":"a legal request"}\n']) {
    const dir = await dataDir(lines, suppressed);
    const ahead = await readSourceAhead(dir, noPreviousBuild);
    assert.ok(ahead, "the worker read the files");
    const files = readSourceFiles(dir);
    assert.deepEqual(ahead.files, files);
    assert.ok(Buffer.isBuffer(ahead.files.reviews));
    assert.deepEqual(ahead.digests, sourceDigests(files));
    assert.equal(ahead.previous, null);
  }
});

test("reads the previous /reviews.json ahead, with room for the new lines, as previousReviews would", async () => {
  const old = await dataDir(lines);
  const json = Buffer.concat(datasetJson(published).parts);
  const releaseDir = await mkdtemp(path.join(os.tmpdir(), "source-ahead-release-"));
  await writeFile(path.join(releaseDir, "reviews.json"), json);
  const sha256 = createHash("sha256").update(json).digest("hex");
  const oldFiles = readSourceFiles(old);
  const release: PreviousRelease = {
    dir: releaseDir,
    record: { fingerprint: "f", pages: {}, source: sourceRecordOf(oldFiles, sourceDigests(oldFiles)) },
    files: new Map([["reviews.json", { path: "reviews.json", sha256 } as ManifestEntry]]),
    searchIndex: null,
  };
  const added = '{"id":"new"}\n';
  const dir = await dataDir(lines + added);
  const previousBuild = () => Promise.resolve({ release, reason: null, fingerprint: "f" } as PreviousBuild);

  const ahead = await readSourceAhead(dir, previousBuild);
  assert.ok(ahead?.previous, "the worker read the previous file");
  assert.equal(ahead.previous.sha256, sha256);
  assert.ok(ahead.previous.bytes.equals(json));
  // In memory the large-file and index workers share, after the room the next /reviews.json's head is written in.
  assert.ok(ahead.previous.bytes.buffer instanceof SharedArrayBuffer);
  assert.equal(ahead.previous.bytes.byteOffset, roomFor(Buffer.byteLength(added)));
  assert.equal(ahead.digests.prefix, release.record.source!.reviews_sha256);

  const readHere = previousReviews(release, ahead.files, ahead.digests);
  const readAhead = previousReviews(release, ahead.files, ahead.digests, ahead.previous);
  assert.equal(readAhead.reason, null);
  assert.deepEqual(
    readAhead.reused!.reviews.map((r) => JSON.stringify(r)),
    readHere.reused!.reviews.map((r) => JSON.stringify(r)),
  );
  assert.equal(readAhead.reused!.newFrom, Buffer.byteLength(lines));

  // A source that does not extend the release's: its /reviews.json is not read, as previousReviews would not.
  const edited = await dataDir(lines.replace(`"${published.reviews[2]!.id}"`, '"edited"') + added);
  const otherBusiness = await dataDir(lines + added);
  await writeFile(path.join(otherBusiness, "business.json"), '{"name":"Another business"}\n');
  for (const other of [edited, otherBusiness]) {
    const read = await readSourceAhead(other, previousBuild);
    assert.ok(read, "the source files were read");
    assert.equal(read.previous, null);
    assert.notEqual(previousReviews(release, read.files, read.digests).reason, null);
  }
});

test("gives nothing when the worker cannot read, and the main thread then says which file is missing", async () => {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "source-ahead-")), "no-such-data");
  await mkdir(path.dirname(dir), { recursive: true });
  assert.equal(await readSourceAhead(dir, noPreviousBuild), null);
  await assert.rejects(
    readBuildSource(dir, noPreviousBuild, Date.now(), readSourceAhead(dir, noPreviousBuild)),
    (err: Error) => {
      assert.ok(err instanceof DataError);
      assert.match(err.message, /business\.json: cannot read the file \(ENOENT\)/);
      return true;
    },
  );
});
