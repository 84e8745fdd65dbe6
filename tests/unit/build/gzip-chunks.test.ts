// /reviews.json.gz in chunks: a gzip file any client reads, cut where the reviews choose, and a rebuild that copies
// the unchanged chunks from the previous release gives the bytes a build from nothing gives.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { gunzipSync } from "node:zlib";
import { datasetJson } from "../../../src/build/dataset-json.ts";
import { chunkEnds, gzipChunked, type PreviousGzip } from "../../../src/build/gzip-chunks.ts";
import { sha256 } from "../../../src/build/hash.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { dataset } from "../../helpers/dataset.ts";

const dir = await mkdtemp(path.join(os.tmpdir(), "gzip-chunks-"));
after(() => rm(dir, { recursive: true, force: true }));

const fileOf = (d: ReviewsDataset) => {
  const { parts, starts, ends } = datasetJson(d);
  const bytes = Buffer.concat(parts);
  return { bytes, ends: chunkEnds(bytes, starts, ends) };
};

/** The chunked gzip of `d`, written where a release keeps it, as the next build finds it. */
const release = async (d: ReviewsDataset, name: string) => {
  const { bytes, ends } = fileOf(d);
  const made = gzipChunked(bytes, ends, null);
  const file = path.join(dir, name);
  await writeFile(file, made.gzip);
  return { made, previous: { file, sha256: sha256(made.gzip), chunks: made.chunks } satisfies PreviousGzip };
};

const big = dataset(12_000);

test("is one gzip member of the whole file, cut into chunks at review ends", () => {
  const { bytes, ends } = fileOf(big);
  const { gzip, chunks, reused } = gzipChunked(bytes, ends, null);
  assert.deepEqual(gunzipSync(gzip), bytes);
  assert.ok(chunks.length >= 3, `${chunks.length} chunks of a ${bytes.length}-byte file`);
  assert.equal(
    chunks.reduce((n, c) => n + c.bytes, 0),
    bytes.length,
  );
  assert.equal(reused, 0);
  // Every cut but the file's end falls after a review (before the comma that separates it from the next).
  for (const end of ends.slice(0, -1)) assert.equal(bytes[end - 1], "}".charCodeAt(0));
  assert.ok(gzip.length < bytes.length / 3, "still compresses");
});

test("a small file is one chunk", () => {
  const { bytes, ends } = fileOf(dataset(3));
  assert.deepEqual(ends, [bytes.length]);
  assert.deepEqual(gunzipSync(gzipChunked(bytes, ends, null).gzip), bytes);
});

test("after a review added at the head, or one edited in the middle, only the chunks around it are compressed again", async () => {
  const { previous, made } = await release(big, "base.gz");
  const added = structuredClone(big);
  added.reviews.unshift({ ...structuredClone(big.reviews[0]!), id: "added-at-the-head" });
  const edited = structuredClone(big);
  edited.reviews[6_000]!.text = "Edited by its author: the technician came back and fixed the leak for free.";
  for (const changed of [added, edited]) {
    const { bytes, ends } = fileOf(changed);
    const fresh = gzipChunked(bytes, ends, null);
    const rebuilt = gzipChunked(bytes, ends, previous);
    assert.deepEqual(rebuilt.gzip, fresh.gzip, "the same bytes as a build from nothing");
    assert.deepEqual(rebuilt.chunks, fresh.chunks);
    assert.deepEqual(gunzipSync(rebuilt.gzip), bytes);
    assert.ok(rebuilt.reused >= made.chunks.length - 3, `${rebuilt.reused} of ${rebuilt.chunks.length} reused`);
  }
});

test("a previous .gz that is not the one its release describes lends nothing", async () => {
  const { previous } = await release(big, "damaged.gz");
  const gz = await readFile(previous.file);
  gz[gz.length >> 1]! ^= 0xff;
  await writeFile(previous.file, gz);
  const { bytes, ends } = fileOf(big);
  const rebuilt = gzipChunked(bytes, ends, previous);
  assert.equal(rebuilt.reused, 0);
  assert.deepEqual(gunzipSync(rebuilt.gzip), bytes);
  assert.equal(rebuilt.chunks.length, previous.chunks.length);
  const missing = gzipChunked(bytes, ends, { ...previous, file: path.join(dir, "missing.gz") });
  assert.equal(missing.reused, 0);
});
