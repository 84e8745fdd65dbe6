// An index's stored columns extended with new reviews, without reading the others again: the build's rebuild after
// reviews were added starts from the previous release's index file (src/build/search-index-worker.ts), whose texts it
// carries through as the file stores them. The columns are the ones `indexColumnsOf` builds from all the reviews, so
// the file written from them is the same, byte for byte.
import { type Bitset, copyBits, emptyBitset, forEachFrom, fromPositions, popcount, setBit } from "./bitset.ts";
import { findSlot, gramKey, slotKeys } from "./gram-table.ts";
import { type AspectBits, byId, type IndexColumns, type Row, rowOf, setFilterBits } from "./index.ts";
import { spliceStrings } from "./string-runs.ts";
import { inKeyOrder, storedTexts, type Texts } from "./text-index.ts";
import { newestFirst } from "../reviews/order.ts";
import type { Review } from "../schema/review.ts";

export type Extension = {
  /** Per position of the extended index: the review's position in the previous index, or -1 for a new review. */
  from: Int32Array;
  /** The new reviews, in the order of their positions. */
  added: readonly Review[];
};

/** Why the previous columns cannot be extended into the new ones; the caller indexes every review instead. */
export class NotAnExtension extends Error {
  override name = "NotAnExtension";
}

export function extendIndexColumns(previous: IndexColumns<Texts>, { from, added }: Extension): IndexColumns<Texts> {
  const size = from.length;
  const to = new Int32Array(previous.size);
  const fresh: number[] = [];
  let next = 0;
  for (let k = 0; k < size; k++) {
    if (from[k] === -1) fresh.push(k);
    else if (from[k] === next) to[next++] = k;
    else throw new NotAnExtension("the previous reviews are not all kept, in their order");
  }
  if (next !== previous.size) throw new NotAnExtension("the previous reviews are not all kept, in their order");
  if (fresh.length !== added.length) throw new NotAnExtension(`${fresh.length} new positions, ${added.length} reviews`);
  if (previous.order.some((k, i) => k !== i)) throw new NotAnExtension("the previous index is not in source order");
  const rows = added.map((r, i) => rowOf(r, fresh[i]!));

  const ids = new Array<string>(size);
  const dates = new Array<string>(size);
  const modifiedAt = new Array<string>(size);
  const ratings = new Uint8Array(size);
  for (let k = 0, j = 0; k < size; k++) {
    const p = from[k]!;
    if (p === -1) {
      const row = rows[j++]!;
      [ids[k], dates[k], modifiedAt[k], ratings[k]] = [row.id, row.date, row.modifiedAt, row.rating];
    } else {
      [ids[k], dates[k], modifiedAt[k]] = [previous.ids[p]!, previous.dates[p]!, previous.modifiedAt[p]!];
      ratings[k] = previous.ratings[p]!;
    }
  }
  const texts = extendTexts(previous.text.texts, from, rows);
  // The index built afresh keeps the source order only when it is newest first (it sorts otherwise).
  const key = (k: number) => ({ date: dates[k]!, id: ids[k]! });
  for (const k of fresh)
    if ((k > 0 && newestFirst(key(k - 1), key(k)) > 0) || (k + 1 < size && newestFirst(key(k), key(k + 1)) > 0))
      throw new NotAnExtension("the reviews are not newest first");

  // Each previous bitset with its bits at their new positions: the runs between new reviews move as one.
  const spread = (b: Bitset): Bitset => {
    const out = emptyBitset(size);
    let start = 0;
    fresh.forEach((k, i) => {
      copyBits(b, start - i, out, start, k - start);
      start = k + 1;
    });
    copyBits(b, start - fresh.length, out, start, size - start);
    return out;
  };
  const columns: IndexColumns<Texts> = {
    size,
    order: Uint32Array.from({ length: size }, (_, i) => i),
    dates,
    ids,
    ratings,
    withText: spread(previous.withText),
    modifiedAt,
    byRating: previous.byRating.map(spread),
    byTechnician: new Map([...previous.byTechnician].map(([id, b]) => [id, spread(b)])),
    byService: new Map([...previous.byService].map(([id, b]) => [id, spread(b)])),
    byAspect: new Map(),
    bySentiment: {
      positive: spread(previous.bySentiment.positive),
      neutral: spread(previous.bySentiment.neutral),
      negative: spread(previous.bySentiment.negative),
      mixed: spread(previous.bySentiment.mixed),
    },
    text: { size, texts, table: previous.text.table, postings: [] },
  };
  const byAspect = new Map<string, AspectBits>();
  for (const [id, bits] of previous.byAspect)
    byAspect.set(id, {
      any: spread(bits.any),
      positive: spread(bits.positive),
      neutral: spread(bits.neutral),
      negative: spread(bits.negative),
    });
  for (const row of rows) setFilterBits(columns, byAspect, row, row.k);
  return { ...columns, byAspect: byId(byAspect), text: extendText(previous, size, texts, rows, to, spread) };
}

/** The texts at their new positions, the new reviews' among them: as strings, or as stored when they came so. */
function extendTexts(previous: Texts, from: Int32Array, rows: readonly Row[]): Texts {
  const added = rows.map((r) => r.text);
  if (storedTexts(previous)) return spliceStrings(previous, from, added);
  let j = 0;
  return Array.from(from, (p) => (p === -1 ? added[j++]! : previous[p]!));
}

/** The trigram postings with the previous reviews at their new positions and the new reviews' trigrams added. */
function extendText(
  previous: IndexColumns<Texts>,
  size: number,
  texts: Texts,
  rows: readonly Row[],
  to: Int32Array,
  spread: (b: Bitset) => Bitset,
): IndexColumns<Texts>["text"] {
  const keys = Array.from(slotKeys(previous.text.table));
  // Positions per trigram, as sorted lists for now: the previous ones moved, the new ones merged in.
  const postings: (Bitset | Int32Array)[] = previous.text.postings.map((p) =>
    p instanceof Uint32Array ? spread(p) : p.map((doc) => to[doc]!),
  );
  const newSlots = new Map<number, number>();
  const addedTo = new Map<number, number[]>();
  for (const row of rows) {
    const t = row.text;
    if (!t) continue;
    const seen = new Set<number>();
    for (let i = 0; i + 3 <= t.length; i++) {
      const key = gramKey(t, i);
      if (seen.has(key)) continue;
      seen.add(key);
      let slot = findSlot(previous.text.table, key);
      if (slot < 0) slot = newSlots.get(key) ?? -1;
      if (slot < 0) {
        slot = keys.push(key) - 1;
        newSlots.set(key, slot);
        postings.push(new Int32Array(0));
      }
      const p = postings[slot]!;
      if (p instanceof Uint32Array) setBit(p, row.k);
      else if (addedTo.has(slot)) addedTo.get(slot)!.push(row.k);
      else addedTo.set(slot, [row.k]);
    }
  }
  for (const [slot, docs] of addedTo) postings[slot] = Int32Array.from([...postings[slot]!, ...docs]).sort();
  // As `buildTextIndexSteps` chooses: a bitset for trigrams in more than 1/32 of the reviews, else a list.
  const shaped = postings.map((p) => {
    const n = p instanceof Uint32Array ? popcount(p) : p.length;
    if (n * 32 > size) return p instanceof Uint32Array ? p : fromPositions(size, p);
    if (!(p instanceof Uint32Array)) return p;
    const list = new Int32Array(n);
    let j = 0;
    forEachFrom(p, 0, (doc) => ((list[j++] = doc), true));
    return list;
  });
  return inKeyOrder(size, texts, keys, shaped);
}
