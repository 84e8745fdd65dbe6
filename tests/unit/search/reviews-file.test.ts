// Reading /reviews.json review by review: the same records as parsing the whole file, for any content and layout.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { readReviewsFile, splitReviews } from "../../../sidecar/search/reviews-file.ts";

const HEAD = {
  business: { id: "b", technicians: [], services: [] },
  aggregate_rating: { count: 0 },
  updated_at: "2025-01-01T00:00:00Z",
};

function records(bytes: Buffer) {
  const file = readReviewsFile(bytes);
  const all = Array.from({ length: file.reviews.count }, (_, k) => file.reviews.parse(k));
  const json = Array.from({ length: file.reviews.count }, (_, k) => JSON.parse(file.reviews.json(k)) as unknown);
  return { head: file.head, all, json };
}

describe("reading the reviews of /reviews.json one at a time", () => {
  it("gives exactly the records and head of a whole-file parse, whatever the strings hold and however it is laid out", () => {
    // Strings full of what a scanner could trip on: quotes, backslashes, brackets, braces, the key itself, any Unicode.
    const tricky = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.constantFrom('"', "\\", '\\"', "{", "}", "[", "]", '"reviews": [', "\\\\", "\u2028", "😀", ""),
    );
    const review = fc.record({
      id: fc.string(),
      text: fc.option(fc.array(tricky, { maxLength: 5 }).map((parts) => parts.join(""))),
      nested: fc.dictionary(tricky, fc.oneof(tricky, fc.integer(), fc.array(tricky, { maxLength: 3 }))),
    });
    fc.assert(
      fc.property(
        fc.array(review, { maxLength: 20 }),
        fc.constantFrom(undefined, 1, 2, "\t"),
        fc.boolean(),
        (reviews, indent, first) => {
          const doc = first ? { reviews, ...HEAD } : { ...HEAD, extra: { reviews: [1, 2] }, reviews };
          const bytes = Buffer.from(JSON.stringify(doc, null, indent));
          const { head, all, json } = records(bytes);
          const { reviews: whole, ...rest } = JSON.parse(bytes.toString("utf8")) as typeof doc;
          assert.equal(all.length, reviews.length);
          assert.deepEqual(all, whole);
          assert.deepEqual(json, whole);
          assert.deepEqual(head, rest);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps each review's JSON as the exact bytes of the file", () => {
    const bytes = Buffer.from(
      '{"business":{"id":"b"},"updated_at":"x","reviews":[ {"id":"a","t":"é \\"}"} ,{"id":"b"}]}',
    );
    const { spans } = splitReviews(bytes);
    assert.deepEqual(
      [bytes.toString("utf8", spans[0], spans[1]), bytes.toString("utf8", spans[2], spans[3])],
      ['{"id":"a","t":"é \\"}"}', '{"id":"b"}'],
    );
    assert.equal(readReviewsFile(bytes).reviews.count, 2);
  });

  it("refuses what is not a reviews dataset, naming the problem", () => {
    const cases: [string, RegExp][] = [
      ['{"business":{},"updated_at":"x"}', /no top-level "reviews" array/],
      ['{"business":{},"updated_at":"x","data":{"reviews":[]}}', /no top-level "reviews" array/],
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a"},3]}', /something other than objects at byte 54/],
      ['{"business":{},"updated_at":"x","reviews":["a"]}', /something other than objects/],
      ['{"business":{},"updated_at":"x","reviews":[[]]}', /something other than objects/],
      ['{"updated_at":"x","reviews":[]}', /business or updated_at is missing/],
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a}]}', /unterminated string|no top-level/],
    ];
    for (const [text, message] of cases) assert.throws(() => readReviewsFile(Buffer.from(text)), message, text);
    // Malformed JSON inside a review is left to JSON.parse, which names it when that review is read.
    const file = readReviewsFile(Buffer.from('{"business":{},"updated_at":"x","reviews":[{"id":}]}'));
    assert.throws(() => file.reviews.parse(0), SyntaxError);
  });

  it("an empty reviews array is an empty source", () => {
    assert.equal(readReviewsFile(Buffer.from('{"business":{},"updated_at":"x","reviews":[]}')).reviews.count, 0);
  });
});
