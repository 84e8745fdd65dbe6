// The hashes of the reviews read back, taken on a worker thread from the memory the file was read into: the same as
// hashing each review's bytes on the main thread, and taken there when the worker's answer does not fit.
import assert from "node:assert/strict";
import { test } from "node:test";
import { datasetJson } from "../../../src/build/dataset-json.ts";
import { eachReview } from "../../../src/build/previous-reviews.ts";
import { hashReviewsAhead } from "../../../src/build/review-hashes.ts";
import { reviewHash } from "../../../src/lib/changes/log.ts";
import { dataset } from "../../helpers/dataset.ts";

/** A /reviews.json of `count` reviews in memory threads share, as the build reads the previous one. */
function sharedFile(count: number): Buffer {
  const json = Buffer.concat(datasetJson(dataset(count)).parts);
  const bytes = Buffer.from(new SharedArrayBuffer(json.length));
  json.copy(bytes);
  return bytes;
}

const spansOf = (bytes: Buffer) => {
  const spans: Buffer[] = [];
  eachReview(bytes, (span) => spans.push(span));
  return spans;
};

test("hashes each review of the file on another thread as the main thread would", async () => {
  const bytes = sharedFile(40);
  const spans = spansOf(bytes);
  assert.equal(spans.length, 40);
  assert.deepEqual(JSON.parse(spans[3]!.toString("utf8")), dataset(40).reviews[3]);
  assert.deepEqual(
    await hashReviewsAhead(bytes).of(spans),
    spans.map((s) => reviewHash(s)),
  );
});

test("hashes on the main thread what the worker's answer does not fit", async () => {
  const bytes = sharedFile(12);
  const spans = spansOf(bytes);
  // Fewer reviews than the worker found: its answer is not these reviews' hashes.
  assert.deepEqual(
    await hashReviewsAhead(bytes).of(spans.slice(1)),
    spans.slice(1).map((s) => reviewHash(s)),
  );
  // A file that is not a compact /reviews.json: the worker finds no reviews in it.
  const other = Buffer.from(new SharedArrayBuffer(8));
  other.write('{"a":1}\n');
  assert.deepEqual(
    await hashReviewsAhead(other).of(spans),
    spans.map((s) => reviewHash(s)),
  );
});

test("stops the worker when its hashes are not needed, without reporting a failure", async (t) => {
  const written: string[] = [];
  t.mock.method(process.stderr, "write", (chunk: string) => written.push(chunk));
  const hashes = hashReviewsAhead(sharedFile(2000));
  hashes.stop();
  const spans = spansOf(sharedFile(3));
  // Stopped, it has no answer: the hashes asked for anyway are taken here.
  assert.deepEqual(
    await hashes.of(spans),
    spans.map((s) => reviewHash(s)),
  );
  assert.deepEqual(written, []);
});
