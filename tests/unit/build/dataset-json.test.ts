// /reviews.json written review by review is byte for byte what JSON.stringify of the whole dataset gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { datasetJson, reviewJsonBytes, RoomBefore } from "../../../src/build/dataset-json.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { dataset } from "../../helpers/dataset.ts";

const bytesOf = (...args: Parameters<typeof datasetJson>) => Buffer.concat(datasetJson(...args).parts);

test("datasetJson's parts make JSON.stringify of the dataset, for any number of reviews and any text", () => {
  const many = dataset(200);
  many.reviews[3]!.text = 'Quotes " and \\ backslashes, \u2028, emoji 👍 and a lone \ud800 surrogate';
  for (const d of [many, dataset(1), { ...dataset(1), reviews: [] }]) {
    assert.deepEqual(bytesOf(d), Buffer.from(JSON.stringify(d)));
  }
});

test("says where each review's JSON lies in the file, each within one part (what the search index worker parses)", () => {
  const d = dataset(5);
  d.reviews[2]!.text = "Ünïcode text, 👍";
  const json = reviewJsonBytes(d.reviews);
  const { parts, length, starts, ends } = datasetJson(d, json, new RoomBefore(json[0]!));
  const bytes = Buffer.concat(parts);
  assert.equal(length, bytes.length);
  assert.equal(starts.length, d.reviews.length);
  const partStarts = parts.map((_, i) => parts.slice(0, i).reduce((n, p) => n + p.length, 0));
  d.reviews.forEach((r, k) => {
    assert.equal(bytes.toString("utf8", starts[k], ends[k]), JSON.stringify(r));
    assert.ok(
      partStarts.some((s, i) => s <= starts[k]! && ends[k]! <= s + parts[i]!.length),
      `review ${k} in one part`,
    );
  });
  assert.ok(
    parts.every((p) => p.buffer instanceof SharedArrayBuffer),
    "every part can be shared with a worker",
  );
  // Nothing was read back: the reviews were written one after another with room for the head before them, and the file
  // is that memory, one part, not one per review and comma.
  assert.equal(parts.length, 1);
  assert.equal(parts[0]!.buffer, json[0]!.buffer, "the reviews are not copied");
  // Without the room, the head and end are copied beside them, and the file is the same.
  const copied = datasetJson(d, reviewJsonBytes(d.reviews));
  assert.ok(copied.parts.every((p) => p.buffer instanceof SharedArrayBuffer));
  assert.deepEqual(Buffer.concat(copied.parts), bytes);
});

test("takes a review's JSON as read from a release that published it", () => {
  const d = dataset(3);
  const published = Buffer.from(JSON.stringify(d.reviews[1]));
  const known = new Map([[d.reviews[1]!, published]]);
  d.reviews[1]!.text = "changed after it was read: the bytes read are what is written";
  const bytes = bytesOf(d, reviewJsonBytes(d.reviews, known)).toString();
  assert.ok(bytes.includes(published.toString()));
  assert.ok(!bytes.includes("changed after it was read"));
});

test("the reviews made are one run of memory past its growth steps, and a head larger than its room is copied", () => {
  const d = dataset(3);
  // 20 MB of text in one review: more than one step of the memory the reviews are written into.
  d.reviews[1]!.text = "Ünïcode 👍 ".repeat(1_500_000);
  const json = reviewJsonBytes(d.reviews);
  const { parts } = datasetJson(d, json, new RoomBefore(json[0]!));
  assert.equal(parts.length, 1);
  assert.deepEqual(parts[0], Buffer.from(JSON.stringify(d)));
  // A head of more than the room before the reviews (1 MiB): the file is copied together, the same bytes.
  const big = { ...dataset(2), business: { ...dataset(2).business, name: "N".repeat(2 ** 21) } };
  const bigJson = reviewJsonBytes(big.reviews);
  const copied = datasetJson(big, bigJson, new RoomBefore(bigJson[0]!));
  assert.ok(copied.parts.length > 1);
  assert.deepEqual(Buffer.concat(copied.parts), Buffer.from(JSON.stringify(big)));
});

test("refuses a dataset whose reviews are not its last member, rather than write them elsewhere", () => {
  const { reviews, ...rest } = dataset(2);
  assert.throws(() => bytesOf({ reviews, ...rest }), /reviews must be its last member/);
});

test("reviews read back as slices of one /reviews.json are written as they were, around a new review", () => {
  const d = dataset(6);
  const previous = Buffer.from(JSON.stringify({ reviews: d.reviews.slice(1) }));
  // Each earlier review's bytes as a slice of the previous file, as previous-reviews.ts reads them.
  let at = previous.indexOf("[") + 1;
  const known = new Map<Review, Buffer>();
  for (const r of d.reviews.slice(1)) {
    const length = Buffer.byteLength(JSON.stringify(r));
    known.set(r, previous.subarray(at, at + length));
    at += length + 1;
  }
  assert.deepEqual(bytesOf(d, reviewJsonBytes(d.reviews, known)), Buffer.from(JSON.stringify(d)));
  // Read into shared memory (as previous-reviews.ts reads the previous release's file), they stay where they are.
  const sharedPrevious = Buffer.from(new SharedArrayBuffer(previous.length));
  previous.copy(sharedPrevious);
  at = sharedPrevious.indexOf("[") + 1;
  for (const r of d.reviews.slice(1)) {
    const length = Buffer.byteLength(JSON.stringify(r));
    known.set(r, sharedPrevious.subarray(at, at + length));
    at += length + 1;
  }
  const { parts } = datasetJson(d, reviewJsonBytes(d.reviews, known));
  assert.ok(
    parts.some((p) => p.buffer === sharedPrevious.buffer && p.length > 1000),
    "the earlier reviews are not copied",
  );
  assert.deepEqual(Buffer.concat(parts), Buffer.from(JSON.stringify(d)));
  // Slices of one buffer that are not one comma apart are not run together.
  for (const separator of ["; ", ";"]) {
    const two = dataset(2);
    const [a, b] = two.reviews.map((r) => JSON.stringify(r));
    const held = Buffer.from(`${a}${separator}${b}`);
    const json = [held.subarray(0, Buffer.byteLength(a!)), held.subarray(Buffer.byteLength(a!) + separator.length)];
    assert.deepEqual(bytesOf(two, json), Buffer.from(JSON.stringify(two)), `separated by "${separator}"`);
  }
});

test("with room lent before the reviews read back, the file is written around them as one run of their memory", () => {
  const d = dataset(6);
  const previous = Buffer.from(JSON.stringify({ ...d, reviews: d.reviews.slice(1) }));
  /** The previous file read into shared memory after `room` bytes, its reviews known as slices of it. */
  const readBack = (room: number) => {
    const memory = Buffer.from(new SharedArrayBuffer(room + previous.length), room);
    previous.copy(memory);
    let at = memory.indexOf('"reviews":[') + '"reviews":['.length;
    const first = memory.subarray(at, at + Buffer.byteLength(JSON.stringify(d.reviews[1])));
    const known = new Map<Review, Buffer>();
    for (const r of d.reviews.slice(1)) {
      const length = Buffer.byteLength(JSON.stringify(r));
      known.set(r, memory.subarray(at, at + length));
      at += length + 1;
    }
    return { memory, first, known };
  };
  const expected = Buffer.from(JSON.stringify(d));

  const { memory, first, known } = readBack(4096);
  const room = new RoomBefore(first);
  const { parts } = datasetJson(d, reviewJsonBytes(d.reviews, known), room);
  assert.equal(parts.length, 1, "one part");
  assert.equal(parts[0]!.buffer, memory.buffer, "in the memory read back");
  assert.deepEqual(Buffer.concat(parts), expected);
  // Lent once: the next file is assembled by copying, and what the first one wrote stays as it was.
  const again = datasetJson(d, reviewJsonBytes(d.reviews, known), room);
  assert.ok(again.parts.length > 1);
  assert.deepEqual(Buffer.concat(again.parts), expected);
  assert.deepEqual(Buffer.concat(parts), expected);

  // Too little room (the head and the new review need more than the old head and 10 bytes): copied, still exact.
  const short = readBack(10);
  const copied = datasetJson(d, reviewJsonBytes(d.reviews, short.known), new RoomBefore(short.first));
  assert.ok(copied.parts.length > 1);
  assert.deepEqual(Buffer.concat(copied.parts), expected);
  assert.ok(short.memory.equals(previous), "the memory read back is not written into");

  // A new review among the earlier ones: the last run does not start where the room ends, so nothing is written there.
  const mixed = { ...d, reviews: [d.reviews[1]!, d.reviews[0]!, ...d.reviews.slice(2)] };
  const third = readBack(4096);
  const mixedJson = reviewJsonBytes(mixed.reviews, third.known);
  assert.deepEqual(
    Buffer.concat(datasetJson(mixed, mixedJson, new RoomBefore(third.first)).parts),
    Buffer.from(JSON.stringify(mixed)),
  );
  assert.ok(third.memory.equals(previous), "the memory read back is not written into");
});
