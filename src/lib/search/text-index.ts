// Substring search over normalised review text: a trigram index narrows candidates, an exact check confirms them.
import { normalizeText } from "../text/normalize.ts";
import { type Bitset, andInto, emptyBitset, forEachFrom, fromPositions, setBit } from "./bitset.ts";
import { findSlot, gramKey, newGramTable, slotOf, type GramTable } from "./gram-table.ts";

export type TextIndex = {
  size: number;
  /** Normalised text per position; null for rating-only reviews. */
  texts: readonly (string | null)[];
  table: GramTable;
  /** Docs per trigram slot: a bitset for frequent trigrams (smaller than a list there), else sorted positions. */
  postings: (Bitset | Int32Array)[];
};

export function buildTextIndex(rawTexts: readonly (string | null)[]): TextIndex {
  const size = rawTexts.length;
  const texts = rawTexts.map((t) => (t === null ? null : normalizeText(t)));
  const table = newGramTable();
  const df: number[] = [];
  const lastDoc: number[] = [];
  const eachGram = (visit: (slot: number, doc: number) => void) => {
    for (let doc = 0; doc < size; doc++) {
      const t = texts[doc];
      if (!t) continue;
      for (let i = 0; i + 3 <= t.length; i++) {
        const slot = slotOf(table, gramKey(t, i));
        if (lastDoc[slot] === doc) continue;
        lastDoc[slot] = doc;
        visit(slot, doc);
      }
    }
  };
  eachGram((slot) => (df[slot] = (df[slot] ?? 0) + 1));
  // A bitset costs size/8 bytes, a list 4 bytes per doc: lists only for trigrams in fewer than 1/32 of the docs.
  const postings = df.map((n) => (n * 32 > size ? emptyBitset(size) : new Int32Array(n)));
  const fill = new Int32Array(df.length);
  lastDoc.length = 0;
  eachGram((slot, doc) => {
    const p = postings[slot]!;
    if (p instanceof Uint32Array) setBit(p, doc);
    else p[fill[slot]!++] = doc;
  });
  return { size, texts, table, postings };
}

/**
 * Narrows `within` (a bitset of allowed positions, changed in place) to the docs whose normalised text
 * contains `query` (already normalised, non-empty).
 */
export function filterByText(index: TextIndex, query: string, within: Bitset): void {
  if (query.length >= 3) {
    const lists: (Bitset | Int32Array)[] = [];
    for (let i = 0; i + 3 <= query.length; i++) {
      const slot = findSlot(index.table, gramKey(query, i));
      if (slot < 0) return within.fill(0), undefined;
      lists.push(index.postings[slot]!);
    }
    for (const p of lists) andInto(within, p instanceof Uint32Array ? p : fromPositions(index.size, p));
    // Three characters are one trigram: the postings are already exact.
    if (query.length === 3) return;
  }
  const { texts } = index;
  forEachFrom(within, 0, (doc) => {
    if (!texts[doc]?.includes(query)) within[doc >>> 5]! &= ~(1 << (doc & 31));
    return true;
  });
}
