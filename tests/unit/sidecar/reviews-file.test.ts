// Reading /reviews.json review by review: the same records as parsing the whole file, for any content and layout.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { z } from "zod";
import { readReviewsFile, readReviewsFileOf, splitReviews } from "../../../sidecar/release/reviews-file.ts";
import { Review } from "../../../src/lib/schema/review.ts";

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
    // Keys avoid '"' and '\\': Node 24.21's own JSON.parse can return the wrong key for a short key made of escapes
    // (parsing the JSON text {"\\":1} and then {"\"":1} gives the key \ both times), which would fail this test for a
    // reason not ours. Values carry them, and the scanner reads keys and values alike.
    const key = fc.oneof(
      fc.string({ unit: "grapheme" }).filter((s) => !/["\\]/.test(s)),
      fc.constantFrom("{", "}", "[", "]", "reviews", "\u2028", "😀", ""),
    );
    const review = fc.record({
      id: fc.string(),
      text: fc.option(fc.array(tricky, { maxLength: 5 }).map((parts) => parts.join(""))),
      nested: fc.dictionary(key, fc.oneof(tricky, fc.integer(), fc.array(tricky, { maxLength: 3 }))),
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
          // Whatever the layout, a review's JSON is what JSON.stringify gives (the since answer splices it as it is).
          const file = readReviewsFile(bytes);
          for (let k = 0; k < whole.length; k++) assert.equal(file.reviews.json(k), JSON.stringify(whole[k]));
          assert.deepEqual(head, rest);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds the same reviews from their ids alone, whatever their strings hold", () => {
    // Ids that repeat, and texts that spell out the very byte sequence the reader searches for.
    const id = fc.constantFrom("a", "b", 'q"uote', "r-1");
    const text = fc.oneof(
      fc.string({ unit: "grapheme" }),
      id.map((i) => `},{"id":${JSON.stringify(i)}`),
      fc.constantFrom('},{"id":"a"', '"},{"id":"b"}', "\\", "]}"),
    );
    const review = fc.record({ id, text: fc.option(text), tags: fc.array(text, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(review, { maxLength: 20 }), (reviews) => {
        const bytes = Buffer.from(JSON.stringify({ ...HEAD, reviews }));
        const byIds = readReviewsFileOf(
          bytes,
          reviews.map((r) => r.id),
        );
        const scanned = readReviewsFile(bytes);
        assert.equal(byIds.reviews.count, reviews.length);
        for (let k = 0; k < reviews.length; k++) assert.equal(byIds.reviews.json(k), scanned.reviews.json(k));
        assert.deepEqual(byIds.head, scanned.head);
        if (reviews.length > 0) {
          assert.throws(() => readReviewsFileOf(bytes, [...reviews.map((r) => r.id), "zz"]), /not the reviews/);
          assert.throws(
            () =>
              readReviewsFileOf(
                bytes,
                reviews.slice(1).map((r) => r.id),
              ),
            /not the reviews/,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("relies on no object inside a review starting with an id (only reviews do), as the Review schema holds", () => {
    // readReviewsFileOf finds a review's start by `},{"id":"<id>"`; an array of objects keyed first by id inside a
    // review could hold that sequence. This fails when the schema gains one, so the reader is revisited with it.
    const nestedWithId: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== "object") return;
      const props = (node as { properties?: Record<string, unknown> }).properties;
      const isReview = where === "" || where === "/$defs/Review";
      if (props && !isReview && Object.keys(props)[0] === "id") nestedWithId.push(where);
      for (const [k, v] of Object.entries(node)) walk(v, k === "properties" ? where : `${where}/${k}`);
    };
    const schema = z.toJSONSchema(Review, { io: "output", unrepresentable: "any" });
    walk(schema, "");
    assert.deepEqual(nestedWithId, []);
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
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a"},3]}', /found something else at byte 54/],
      ['{"business":{},"updated_at":"x","reviews":["a"]}', /objects separated by commas/],
      ['{"business":{},"updated_at":"x","reviews":[[]]}', /objects separated by commas/],
      // Separators JSON.parse would refuse are refused here too, though nothing reads the bytes between reviews.
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a"}{"id":"b"}]}', /objects separated by commas/],
      ['{"business":{},"updated_at":"x","reviews":[,{"id":"a"}]}', /objects separated by commas/],
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a"},,{"id":"b"}]}', /objects separated by commas/],
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a"},]}', /objects separated by commas/],
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a"}\u0001]}', /objects separated by commas/],
      ['{"updated_at":"x","reviews":[]}', /business or updated_at is missing/],
      ['{"business":{},"updated_at":"x","reviews":[{"id":"a}]}', /unterminated string|no top-level/],
      // A short key and "[" near the end of the file.
      ['{"a":[]}', /no top-level "reviews" array/],
    ];
    for (const [text, message] of cases) assert.throws(() => readReviewsFile(Buffer.from(text)), message, text);
    // Malformed JSON inside a review is left to JSON.parse, which names it when that review is read.
    const file = readReviewsFile(Buffer.from('{"business":{},"updated_at":"x","reviews":[{"id":}]}'));
    assert.throws(() => file.reviews.parse(0), SyntaxError);
    // There is no review past the last one (nor before the first).
    assert.throws(() => file.reviews.json(1), RangeError);
    assert.throws(() => file.reviews.json(-1), RangeError);
  });

  it("an empty reviews array is an empty source", () => {
    assert.equal(readReviewsFile(Buffer.from('{"business":{},"updated_at":"x","reviews":[]}')).reviews.count, 0);
  });
});
