// Substring search over normalised review text: a trigram index gives candidates, an exact check confirms them.
import { type Bitset, andInto, emptyBitset, forEachFrom, orInto, setBit } from "./bitset.ts";
import { findSlot, gramKey, newGramTable, slotKeys, slotOf, tableOf, type GramTable } from "./gram-table.ts";
import type { Strings } from "./string-runs.ts";
import { LRUCache } from "lru-cache";

/** Texts (or reviews) indexed between two pauses: a few milliseconds of work at most. */
export const STEP = 2048;

/** Runs a stepped build to its end without pausing. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Exact answers kept per index (12.5 KB each at 100k reviews): repeated and paged queries skip the exact check. */
const MEMO_ENTRIES = 512;

/** What the text index stores; the rest is derived from it when it is loaded. */
export type TextColumns = {
  size: number;
  /** Normalised text per position, null for rating-only reviews. */
  texts: Strings<string | null>;
  table: GramTable;
  /** Docs per trigram slot: a bitset for frequent trigrams (smaller than a list there), else sorted positions. */
  postings: (Bitset | Int32Array)[];
};

export type TextIndex = TextColumns & {
  /** Trigram slots containing each one- and two-character string, for queries shorter than a trigram. */
  shortGrams: ReadonlyMap<string, readonly number[]>;
  /** Docs whose text is shorter than a trigram (they have no trigrams). */
  shortTexts: readonly number[];
  memo: LRUCache<string, Bitset>;
};

/**
 * Builds the text index in steps, pausing every `STEP` texts (see `runSteps` and the sidecar's index store). `texts`:
 * each review's text after `normalizeText`, null for rating-only reviews.
 */
export function* buildTextIndexSteps(texts: readonly (string | null)[]): Generator<void, TextColumns> {
  const size = texts.length;
  const table = newGramTable();
  const df: number[] = [];
  const lastDoc: number[] = [];
  function* eachGram(visit: (slot: number, doc: number) => void): Generator<void, void> {
    for (let doc = 0; doc < size; doc++) {
      if (doc % STEP === STEP - 1) yield;
      const t = texts[doc];
      if (!t) continue;
      for (let i = 0; i + 3 <= t.length; i++) {
        const slot = slotOf(table, gramKey(t, i));
        if (lastDoc[slot] === doc) continue;
        lastDoc[slot] = doc;
        visit(slot, doc);
      }
    }
  }
  yield* eachGram((slot) => (df[slot] = (df[slot] ?? 0) + 1));
  // A bitset costs size/8 bytes, a list 4 bytes per doc: lists only for trigrams in fewer than 1/32 of the docs.
  const postings = df.map((n) => (n * 32 > size ? emptyBitset(size) : new Int32Array(n)));
  const fill = new Int32Array(df.length);
  lastDoc.length = 0;
  yield* eachGram((slot, doc) => {
    const p = postings[slot]!;
    if (p instanceof Uint32Array) setBit(p, doc);
    else p[fill[slot]!++] = doc;
  });
  return inKeyOrder(size, texts, slotKeys(table), postings);
}

/**
 * The text columns with the trigrams numbered in ascending order of their keys (`keys` and `postings` by slot), in a
 * table built in that order: they then do not depend on the order the trigrams were met in.
 */
function inKeyOrder(
  size: number,
  texts: Strings<string | null>,
  keys: ArrayLike<number>,
  postings: readonly (Bitset | Int32Array)[],
): TextColumns {
  const bySlot = Array.from({ length: keys.length }, (_, s) => s).sort((a, b) => keys[a]! - keys[b]!);
  return { size, texts, table: tableOf(bySlot.map((s) => keys[s]!)), postings: bySlot.map((s) => postings[s]!) };
}

/** Adds what queries need besides the stored columns: short-query lookups and an empty memo. */
export function textIndexOf(columns: TextColumns): TextIndex {
  const shortTexts: number[] = [];
  for (let doc = 0; doc < columns.size; doc++) {
    const t = columns.texts.at(doc);
    if (t && t.length < 3) shortTexts.push(doc);
  }
  return {
    ...columns,
    shortGrams: shortGramSlots(columns.table),
    shortTexts,
    memo: new LRUCache({ max: MEMO_ENTRIES }),
  };
}

/** Every trigram's one- and two-character substrings, each mapped to the trigram slots containing it. */
function shortGramSlots(table: GramTable): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (s: string, slot: number) => {
    const list = out.get(s);
    if (list) list.push(slot);
    else out.set(s, [slot]);
  };
  for (let i = 0; i < table.slots.length; i++) {
    const slot = table.slots[i]!;
    if (slot < 0) continue;
    const key = table.keys[i]!;
    const gram = String.fromCharCode(Math.floor(key / 4294967296), Math.floor(key / 65536) % 65536, key % 65536);
    for (const s of new Set([gram[0]!, gram[1]!, gram[2]!, gram.slice(0, 2), gram.slice(1)])) add(s, slot);
  }
  return out;
}

/** Narrows `within` (changed in place) to the docs whose normalised text contains `query` (normalised, non-empty). */
export function filterByText(index: TextIndex, query: string, within: Bitset): void {
  andInto(within, textMatches(index, query));
}

/** The exact set of docs containing `query`, memoised per index (least recently used dropped first). */
function textMatches(index: TextIndex, query: string): Bitset {
  const hit = index.memo.get(query);
  if (hit) return hit;
  const result = query.length < 3 ? shortMatches(index, query) : longMatches(index, query);
  index.memo.set(query, result);
  return result;
}

/** One or two characters: any occurrence lies inside some trigram, so the union of those trigrams is exact. */
function shortMatches(index: TextIndex, query: string): Bitset {
  const bits = emptyBitset(index.size);
  for (const slot of index.shortGrams.get(query) ?? []) orPosting(bits, index.postings[slot]!);
  for (const doc of index.shortTexts) if (index.texts.at(doc)!.includes(query)) setBit(bits, doc);
  return bits;
}

function longMatches(index: TextIndex, query: string): Bitset {
  const lists: (Bitset | Int32Array)[] = [];
  for (let i = 0; i + 3 <= query.length; i++) {
    const slot = findSlot(index.table, gramKey(query, i));
    if (slot < 0) return emptyBitset(index.size);
    lists.push(index.postings[slot]!);
  }
  // Start from the rarest trigram: a short list, then narrowed by the others.
  lists.sort((a, b) => weight(a) - weight(b));
  const bits = emptyBitset(index.size);
  orPosting(bits, lists[0]!);
  for (const p of lists.slice(1)) {
    if (p instanceof Uint32Array) andInto(bits, p);
    else {
      const other = emptyBitset(index.size);
      orPosting(other, p);
      andInto(bits, other);
    }
  }
  // Three characters are one trigram: the postings are already exact.
  if (query.length === 3) return bits;
  const { texts } = index;
  forEachFrom(bits, 0, (doc) => {
    if (!texts.at(doc)!.includes(query)) bits[doc >>> 5]! &= ~(1 << (doc & 31));
    return true;
  });
  return bits;
}

function orPosting(bits: Bitset, p: Bitset | Int32Array): void {
  if (p instanceof Uint32Array) orInto(bits, p);
  else for (let i = 0; i < p.length; i++) setBit(bits, p[i]!);
}

function weight(p: Bitset | Int32Array): number {
  return p instanceof Uint32Array ? Number.MAX_SAFE_INTEGER : p.length;
}
