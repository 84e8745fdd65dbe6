// The index file the build writes: loaded back, it answers every query as the index built in memory does; a file that
// does not fit (another dataset, another format, damaged bytes) is refused with IndexFileError, never misread or crashed on.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { crc32 } from "node:zlib";
import fc from "fast-check";
import { decodeSearchIndex, encodeSearchIndex, IndexFileError } from "../../../src/lib/search/index-file.ts";
import type { Strings } from "../../../src/lib/search/string-runs.ts";
import { assembleIndex, indexColumnsOf, indexDataset, type SearchIndex } from "../../../src/lib/search/index.ts";
import { searchReviews } from "../../../src/lib/search/search-reviews.ts";
import { parseSearchQuery } from "../../../src/lib/schema/search.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { dataset } from "../../helpers/dataset.ts";

const ASPECTS = [{ id: "punctuality", label: "Punctuality" }];
const data = dataset(400);
// Texts of their own, so that rare trigrams are kept as lists of docs beside the bitsets of frequent ones.
data.reviews.forEach((r, i) => {
  if (i % 7 === 0) r.text = `Visit ${i}: the ${(i * 7919).toString(36)} valve, fixed by ${(i * 104729).toString(36)}.`;
});

/** Every string of a column, as an array. */
const all = (column: Strings<string | null>) => column.slice(0, column.length);

function loaded(d: ReviewsDataset, bytes: Uint8Array): SearchIndex {
  const json = d.reviews.map((r) => JSON.stringify(r));
  const { columns, updatedAt } = decodeSearchIndex(bytes);
  assert.equal(updatedAt, d.updated_at);
  return assembleIndex(columns, d.business, { json: (k) => json[k]! }, ASPECTS);
}

function search(index: SearchIndex, params: Record<string, string>) {
  const parsed = parseSearchQuery(new URLSearchParams(params));
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.issues));
  return searchReviews(index, parsed.value);
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
    assert.deepEqual(all(back.text.texts), all(built.text.texts));
    assert.deepEqual([...back.order], [...built.order]);
  });

  it("keeps texts that UTF-8 cannot carry (a lone surrogate) exact", () => {
    const odd = structuredClone(data);
    odd.reviews[0]!.text = "bad \ud800 byte, on time";
    const back = loaded(odd, encodeSearchIndex(indexColumnsOf(odd), odd.updated_at));
    const built = indexDataset(odd, ASPECTS);
    assert.deepEqual(all(back.text.texts), all(built.text.texts));
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

  it("refuses a well-formed file whose contents break the index's rules, so no lookup can misread or loop", () => {
    const bytes = encodeSearchIndex(indexColumnsOf(data), data.updated_at);
    const cases: [string, (h: Header, data: Buffer) => void, RegExp][] = [
      ["sections not a list", (h) => ((h as { sections: unknown }).sections = null), /invalid header/],
      ["a negative size", (h) => (h.size = -1), /invalid header/],
      ["a full trigram table", (h) => (h.gram.mask = nextPow2(h.gram.count) - 1), /table's shape/],
      [
        "a trigram slot used twice",
        (h, d) => {
          const slots = view(h, d, "gram.slots", Int32Array);
          const [a, b] = slots.filter((s) => s >= 0);
          slots[slots.indexOf(b!)] = a!;
        },
        /out of place/,
      ],
      [
        "a posting list out of order",
        (h, d) => {
          const kinds = view(h, d, "postings.kinds", Int32Array);
          const words = view(h, d, "postings.words", Int32Array);
          let at = 0;
          for (const n of kinds) {
            if (n >= 2) return void ([words[at], words[at + 1]] = [words[at + 1]!, words[at]!]);
            at += n === -1 ? Math.ceil(data.reviews.length / 32) : n;
          }
          assert.fail("no list of two docs");
        },
        /out of order/,
      ],
      ["a section past the end", (h) => (h.sections.at(-1)!.length += 1000), /lies outside the file|holds/],
    ];
    for (const [name, change, message] of cases)
      assert.throws(() => decodeSearchIndex(rewrite(bytes, change)), { name: "IndexFileError", message }, name);
  });

  it("decodes or refuses, never crashes or misreads, whatever numbers the header holds", () => {
    const bytes = encodeSearchIndex(indexColumnsOf(data), data.updated_at);
    const numbers = fc.constantFrom(-1, 0, 1, 7, 8, 31, 32, 400, 401, 4096, 65535, 2 ** 31, 1.5);
    fc.assert(
      fc.property(fc.nat(), numbers, fc.constantFrom("offset", "length"), (pick, value, field) => {
        const damaged = rewrite(bytes, (h) => {
          const all = [...h.sections.map((s) => [s, field] as const), [h.gram, "mask"] as const, [h, "size"] as const];
          const [target, key] = all[pick % all.length]!;
          (target as Record<string, number>)[key] = value;
        });
        let index: SearchIndex;
        try {
          index = loaded(data, damaged);
        } catch (err) {
          assert.ok(err instanceof IndexFileError, `${(err as Error).name}: ${(err as Error).message}`);
          return;
        }
        for (const q of QUERIES) search(index, q);
      }),
      { numRuns: 300 },
    );
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

type Header = {
  size: number;
  gram: { mask: number; count: number };
  sections: { name: string; offset: number; length: number }[];
};

/** The file with its header (and data) changed and its checksum made right again, as a faulty writer would leave it. */
function rewrite(bytes: Uint8Array, change: (h: Header, data: Buffer) => void): Buffer {
  const file = Buffer.from(bytes);
  const headerLength = file.readUInt32LE(8);
  const header = JSON.parse(file.toString("utf8", 16, 16 + headerLength)) as Header;
  const data = Buffer.from(file.subarray((16 + headerLength + 7) & ~7));
  change(header, data);
  const json = Buffer.from(JSON.stringify(header));
  const out = Buffer.alloc(((16 + json.length + 7) & ~7) + data.length);
  file.copy(out, 0, 0, 8);
  out.writeUInt32LE(json.length, 8);
  json.copy(out, 16);
  data.copy(out, (16 + json.length + 7) & ~7);
  out.writeUInt32LE(crc32(out.subarray(16)), 12);
  return out;
}

function view<T extends Int32Array>(
  h: Header,
  data: Buffer,
  name: string,
  Ctor: new (b: ArrayBuffer, o: number, l: number) => T,
): T {
  const s = h.sections.find((x) => x.name === name)!;
  return new Ctor(data.buffer as ArrayBuffer, data.byteOffset + s.offset, s.length);
}

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)));
