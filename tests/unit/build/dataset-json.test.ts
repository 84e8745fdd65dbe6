// /reviews.json written review by review is byte for byte what JSON.stringify of the whole dataset gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { datasetJsonBytes, knowReviewJson } from "../../../src/build/dataset-json.ts";
import { dataset } from "../../helpers/dataset.ts";

test("datasetJsonBytes equals JSON.stringify of the dataset, for any number of reviews and any text", () => {
  const many = dataset(200);
  many.reviews[3]!.text = 'Quotes " and \\ backslashes, \u2028, emoji 👍 and a lone \ud800 surrogate';
  for (const d of [many, dataset(1), { ...dataset(1), reviews: [] }]) {
    assert.deepEqual(datasetJsonBytes(d), Buffer.from(JSON.stringify(d)));
  }
});

test("takes a review's JSON as read from a release that published it", () => {
  const d = dataset(3);
  const published = Buffer.from(JSON.stringify(d.reviews[1]));
  knowReviewJson(d.reviews[1]!, published);
  d.reviews[1]!.text = "changed after it was read: the bytes read are what is written";
  const bytes = datasetJsonBytes(d).toString();
  assert.ok(bytes.includes(published.toString()));
  assert.ok(!bytes.includes("changed after it was read"));
});

test("refuses a dataset whose reviews are not its last member, rather than write them elsewhere", () => {
  const { reviews, ...rest } = dataset(2);
  assert.throws(() => datasetJsonBytes({ reviews, ...rest }), /reviews must be its last member/);
});
