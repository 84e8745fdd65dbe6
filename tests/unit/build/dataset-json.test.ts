// /reviews.json written review by review is byte for byte what JSON.stringify of the whole dataset gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { datasetJsonBytes } from "../../../src/build/dataset-json.ts";
import { dataset } from "../../helpers/dataset.ts";

test("datasetJsonBytes equals JSON.stringify of the dataset, for any number of reviews and any text", () => {
  const many = dataset(200);
  many.reviews[3]!.text = 'Quotes " and \\ backslashes, \u2028, emoji 👍 and a lone \ud800 surrogate';
  for (const d of [many, dataset(1), { ...dataset(1), reviews: [] }]) {
    assert.deepEqual(datasetJsonBytes(d), Buffer.from(JSON.stringify(d)));
  }
});

test("refuses a dataset whose reviews are not its last member, rather than write them elsewhere", () => {
  const { reviews, ...rest } = dataset(2);
  assert.throws(() => datasetJsonBytes({ reviews, ...rest }), /reviews must be its last member/);
});
