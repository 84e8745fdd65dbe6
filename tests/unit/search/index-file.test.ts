// The index file the build writes: loaded back, it answers every query as the index built in memory does; a file that
// does not fit (another dataset, another format, damaged bytes) is refused with IndexFileError, never misread or crashed on.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { crc32 } from "node:zlib";
import fc from "fast-check";
import { decodeSearchIndex, encodeSearchIndex, IndexFileError } from "../../../src/lib/search/index-file.ts";
import { assembleIndex, indexColumnsOf, indexDataset, type SearchIndex } from "../../../src/lib/search/index.ts";
import { searchReviews } from "../../../src/lib/search/search-reviews.ts";
import { parseSearchQuery } from "../../../src/lib/schema/search.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { dataset } from "../../helpers/dataset.ts";

const ASPECTS = [{ id: "punctuality", label: "Punctuality" }];
const data = dataset(400);

function loaded(d: ReviewsDataset, bytes: Uint8Array): SearchIndex {
  const json = d.reviews.map((r) => JSON.stringify(r));
  const { columns, updatedAt } = decodeSearchIndex(bytes);
  assert.equal(updatedAt, d.updated_at);
  return assembleIndex(columns, d.business, { json: (k) => json[k]! }, ASPECTS);
}

function search(index: SearchIndex, params: Record<string, string>) {
  const parsed = parseSearchQuery(new URLSearchParams(params));
  assert.ok(parsed.success, JSON.stringify(!parsed.success && parsed.issues));
  return searchReviews(index, parsed.data);
}

const QUERIES: Record<string, string>[] = [
  {},
  { min_rating: "4", limit: "100" },
  { rating: "1", since: "2024-02-01", until: "2024-03-15" },
  { query: "crème", limit: "100" },
  { query: "ok", limit: "100" },
  { query: "o" },
  { query: "hot water heater still" },
  { query: "nothing like this" },
  { mentions_technician: "Mike", limit: "100" },
  { mentions_service: "clogged drain", min_rating: "2" },
  { aspect: "Punctuality", aspect_sentiment: "negative", limit: "100" },
  { sentiment: "positive", query: "great" },
];

describe("search index file", () => {
  it("loads back into an index that answers every query exactly as the built one", () => {
    const built = indexDataset(data, ASPECTS);
    const back = loaded(data, encodeSearchIndex(indexColumnsOf(data), data.updated_at));
    assert.ok(built.byAspect.size > 0, "the fixture has aspects to round-trip");
    for (const q of QUERIES) assert.deepEqual(search(back, q), search(built, q), JSON.stringify(q));
    assert.deepEqual(back.text.texts, built.text.texts);
    assert.deepEqual([...back.order], [...built.order]);
  });

  it("keeps texts that UTF-8 cannot carry (a lone surrogate) exact", () => {
    const odd = structuredClone(data);
    odd.reviews[0]!.text = "bad \ud800 byte, on time";
    const back = loaded(odd, encodeSearchIndex(indexColumnsOf(odd), odd.updated_at));
    const built = indexDataset(odd, ASPECTS);
    assert.deepEqual(back.text.texts, built.text.texts);
    assert.deepEqual(search(back, { query: "\ud800 byte" }), search(built, { query: "\ud800 byte" }));
  });

  it("refuses a file that is not one, is cut short or is of another format, saying which", () => {
    const bytes = encodeSearchIndex(indexColumnsOf(data), data.updated_at);
    assert.throws(() => decodeSearchIndex(Buffer.from("not an index")), /wrong magic/);
    assert.throws(() => decodeSearchIndex(bytes.subarray(0, bytes.length - 100)), IndexFileError);
    const other = Buffer.from(bytes);
    other.write(other.toString("latin1").replace('"format":1', '"format":9').slice(0, 200), 0, "latin1");
    assert.throws(() => decodeSearchIndex(other), /checksum/);
    other.writeUInt32LE(crc32(other.subarray(16)), 12);
    assert.throws(() => decodeSearchIndex(other), /format 9, this sidecar reads format 1/);
  });

  it("refuses damaged bytes: any changed byte anywhere in the file", () => {
    const bytes = encodeSearchIndex(indexColumnsOf(data), data.updated_at);
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (at, delta) => {
        const damaged = Buffer.from(bytes);
        damaged[at] = (damaged[at]! + delta) & 255;
        assert.throws(() => decodeSearchIndex(damaged), IndexFileError);
      }),
      { numRuns: 500 },
    );
  });
});
