// The hashes of the reviews read back, taken on a worker thread from the memory the file was read into: the same as
// hashing each review's bytes on the main thread, whatever the main thread writes before the reviews meanwhile, and
// taken on the main thread when the worker's answer is not for the reviews asked about.
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { datasetJson } from "../../../src/build/dataset-json.ts";
import { eachReview, reviewsRegion } from "../../../src/build/previous-reviews.ts";
import { hashesHere, hashReviewsAhead } from "../../../src/build/review-hashes.ts";
import { runWorker } from "../../../src/build/run-worker.ts";
import { joinReviewHashes } from "../../../src/lib/changes/log.ts";
import { dataset } from "../../helpers/dataset.ts";

/** A /reviews.json of `count` reviews in memory threads share, as the build reads the previous one. */
function sharedFile(count: number, text = "A review."): Buffer {
  const d = dataset(count);
  for (const r of d.reviews) r.text = `${text} ${r.id}`;
  const json = Buffer.concat(datasetJson(d).parts);
  const bytes = Buffer.from(new SharedArrayBuffer(json.length));
  json.copy(bytes);
  return bytes;
}

const spansOf = (bytes: Buffer) => {
  const spans: Buffer[] = [];
  eachReview(reviewsRegion(bytes)!, (span) => spans.push(span));
  return spans;
};

test("the worker hashes each review of the file's reviews region as the main thread does", async () => {
  const bytes = sharedFile(40);
  const spans = spansOf(bytes);
  assert.equal(spans.length, 40);
  assert.deepEqual(JSON.parse(spans[3]!.toString("utf8")).id, dataset(40).reviews[3]!.id);
  const answer = await runWorker("src/build/review-hashes-worker.ts", reviewsRegion(bytes), z.string());
  assert.equal(answer, joinReviewHashes(hashesHere(spans)));
  assert.deepEqual(await hashReviewsAhead(bytes)!.of(spans), hashesHere(spans));
});

test("gives the reviews' hashes while the head before them is written over (the next file's head goes there)", async () => {
  const bytes = sharedFile(30);
  const spans = spansOf(bytes);
  const expected = hashesHere(spans);
  const hashes = hashReviewsAhead(bytes)!;
  // Written at once, before the worker has started: a head whose reviews array starts earlier, so that a worker that
  // looked for it again would take the spaces into the first review, and find as many reviews.
  const head = reviewsRegion(bytes)!.byteOffset - bytes.byteOffset;
  bytes.fill(0x20, 0, head);
  bytes.write('{"reviews":[', 0);
  assert.deepEqual(await hashes.of(spans), expected);
});

test("hashes on the main thread the reviews the worker's answer is not for", async () => {
  const bytes = sharedFile(12);
  // As many reviews, from another file: not what the worker hashed.
  const other = spansOf(sharedFile(12, "Another text."));
  assert.notDeepEqual(hashesHere(other), hashesHere(spansOf(bytes)));
  assert.deepEqual(await hashReviewsAhead(bytes)!.of(other), hashesHere(other));
  // Fewer reviews than the worker found.
  const some = spansOf(bytes).slice(1);
  assert.deepEqual(await hashReviewsAhead(bytes)!.of(some), hashesHere(some));
  // A file with no reviews array starts no worker.
  assert.equal(hashReviewsAhead(Buffer.from('{"a":1}\n')), null);
});

test("stops the worker when its hashes are not needed, without reporting a failure", async (t) => {
  const written: string[] = [];
  t.mock.method(process.stderr, "write", (chunk: string) => written.push(chunk));
  const hashes = hashReviewsAhead(sharedFile(2000))!;
  hashes.stop();
  const spans = spansOf(sharedFile(3));
  assert.deepEqual(await hashes.of(spans), hashesHere(spans));
  assert.deepEqual(written, []);
});
