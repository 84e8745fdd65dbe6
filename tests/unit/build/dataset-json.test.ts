// /reviews.json written review by review is byte for byte what JSON.stringify of the whole dataset gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { datasetJsonChunks } from "../../../src/build/dataset-json.ts";
import { dataset } from "../../helpers/dataset.ts";

test("datasetJsonChunks joined equal JSON.stringify of the dataset, for any number of reviews and any text", () => {
  const many = dataset(3000);
  many.reviews[3]!.text = 'Quotes " and \\ backslashes, \u2028, emoji 👍 and a lone \ud800 surrogate';
  for (const d of [many, dataset(1), { ...dataset(1), reviews: [] }]) {
    assert.deepEqual(Buffer.concat([...datasetJsonChunks(d)]), Buffer.from(JSON.stringify(d)));
  }
  const chunks = [...datasetJsonChunks(many)];
  assert.ok(chunks.length > 1, "a large dataset comes in more than one chunk");
  assert.ok(chunks.slice(0, -1).every((c) => c.length >= 1 << 20 && c.length < (1 << 20) + 64 * 1024));
});

test("refuses a dataset whose reviews are not its last member, rather than write them elsewhere", () => {
  const { reviews, ...rest } = dataset(2);
  assert.throws(() => [...datasetJsonChunks({ reviews, ...rest })], /reviews must be its last member/);
});
