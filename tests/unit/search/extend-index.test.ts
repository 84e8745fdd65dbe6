// An index extended with new reviews is the index built afresh from all of them: the same file, byte for byte, for new
// reviews anywhere in the order, new trigrams and aspects, rating-only reviews, texts past Latin-1 and a lone
// surrogate, whether the previous texts are decoded or carried as stored; anything but reviews added is refused.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { extendIndexColumns, NotAnExtension } from "../../../src/lib/search/extend-index.ts";
import { decodeSearchIndex, encodeSearchIndex } from "../../../src/lib/search/index-file.ts";
import { indexColumnsOf } from "../../../src/lib/search/index.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { dataset } from "../../helpers/dataset.ts";

const data = dataset(300);
// Texts of their own: rare trigrams (kept as lists), characters past Latin-1, and a review that names an aspect no
// other does, so that adding it adds the aspect's bitsets.
data.reviews.forEach((r, i) => {
  if (i % 5 === 0)
    r.text = `Visit ${i}: the ${(i * 7919).toString(36)} valve, fixed by ${(i * 104729).toString(36)} ✓.`;
});
data.reviews[17]!.aspects = [{ aspect: "zz_only_here", sentiment: "negative", evidence: "x" }];
data.reviews[18]!.text = null;
// UTF-8 cannot carry a lone surrogate: a file whose wide texts hold one stores them as UTF-16.
data.reviews[42]!.text = "A lone \ud800 surrogate, kept as it came.";

const file = (d: ReviewsDataset) => Buffer.from(encodeSearchIndex(indexColumnsOf(d), d.updated_at));

/** The index file of `data` without the reviews at `fresh`, extended with them; its texts decoded or as stored. */
function extended(fresh: ReadonlySet<number>, all = data, texts: "decoded" | "stored" = "decoded"): Buffer {
  const before = { ...all, reviews: all.reviews.filter((_, k) => !fresh.has(k)) };
  const previous = file(before);
  const { columns } = decodeSearchIndex(previous, texts);
  let p = 0;
  const from = Int32Array.from(all.reviews, (_, k) => (fresh.has(k) ? -1 : p++));
  const added = all.reviews.filter((_, k) => fresh.has(k));
  return Buffer.from(encodeSearchIndex(extendIndexColumns(columns, { from, added }), all.updated_at));
}
const MODES = ["decoded", "stored"] as const;

describe("extending a search index with new reviews", () => {
  const whole = file(data);

  it("gives the file built afresh, for new reviews at the front, the back, or anywhere", () => {
    for (const texts of MODES) {
      for (const fresh of [[0], [0, 1, 2], [299], [17], [18], [42], [5, 42], [0, 150, 299], []]) {
        assert.ok(extended(new Set(fresh), data, texts).equals(whole), `${texts}: new reviews at ${fresh.join(", ")}`);
      }
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 299 }), { maxLength: 40 }), (fresh) => {
          assert.ok(extended(new Set(fresh), data, texts).equals(whole));
        }),
        { numRuns: 40 },
      );
    }
  });

  it("stores the texts past Latin-1 as UTF-8, or as UTF-16 once one holds a lone surrogate", () => {
    const encoding = (d: ReviewsDataset) => {
      const { columns } = decodeSearchIndex(file(d), "stored");
      return columns.text.texts.encoding;
    };
    assert.equal(encoding(data), "utf16le");
    assert.equal(encoding({ ...data, reviews: data.reviews.filter((_, k) => k !== 42) }), "utf8");
  });

  it("refuses stored texts whose lengths do not add up to the text stored", () => {
    const { columns } = decodeSearchIndex(file(data), "stored");
    const { lengths } = columns.text.texts;
    lengths[lengths.findIndex((n) => n > 0)]! += 1;
    const from = Int32Array.from({ length: data.reviews.length }, (_, k) => k);
    assert.throws(() => extendIndexColumns(columns, { from, added: [] }), {
      name: "IndexFileError",
      message: "texts: the lengths do not add up to the text stored",
    });
  });

  it("gives the file built afresh when every review is new, and from an index of one review", () => {
    const small = { ...data, reviews: data.reviews.slice(0, 3) };
    for (const texts of MODES) {
      assert.ok(extended(new Set([0, 1, 2]), small, texts).equals(file(small)));
      assert.ok(extended(new Set([0, 1]), small, texts).equals(file(small)));
    }
  });

  it("refuses what is not reviews added, in newest-first order", () => {
    const { columns } = decodeSearchIndex(file(data));
    const keep = (n: number) => Int32Array.from({ length: n }, (_, k) => k);
    const refused = (from: Int32Array, added: Review[] = []) =>
      assert.throws(() => extendIndexColumns(columns, { from, added }), NotAnExtension);
    refused(keep(299));
    refused(Int32Array.from(keep(300), (p) => (p === 0 ? 1 : p === 1 ? 0 : p)));
    refused(Int32Array.from([-1, ...keep(300)]));
    // A new review placed where newest-first order does not put it.
    const oldest = { ...data.reviews[299]!, id: "r-new" };
    refused(Int32Array.from([-1, ...keep(300)]), [oldest]);
  });
});
