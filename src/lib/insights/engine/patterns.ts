// Phrase patterns over tokens (the cue language of taxonomies and lexicons) and a leftmost-longest matcher.
import { NUMBER, SYMBOL, type Tokens, WORD } from "./tokens.ts";

/**
 * Pattern syntax, one element per space-separated item:
 * - `word` a literal token (matched after the same normalisation as the text: NFKC, lower case);
 *   `a|b|c` any of several; `pre*` any token starting with `pre` (at least 3 characters);
 * - `#` a number (digits, or a number word such as "two" or "a couple");
 * - `_` any one word or number;
 * - `..` up to three words or numbers (never punctuation), so "call* .. back" matches "called me back".
 * A pattern may end with `^w` to weight it (default 1), e.g. "pricey^0.8".
 */
export const PATTERN_SYNTAX =
  "space-separated items: word, a|b alternatives, pre* prefix (3+ chars), # number, _ any word, .. a gap of up to 3 words; optional ^weight suffix";

const NUMBER_WORDS = new Set(
  "a an one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred couple few several half".split(
    " ",
  ),
);
const GAP = 3;

type Element =
  | { type: "word"; exact: ReadonlySet<string>; prefixes: readonly string[] }
  | { type: "number" }
  | { type: "any" }
  | { type: "gap" };

export type Pattern<E> = { elements: readonly Element[]; entry: E; weight: number; order: number; source: string };

export type Match<E> = { start: number; end: number; entry: E; weight: number };

/** Parses one pattern; returns a message when it is malformed. */
export function parsePattern(source: string): { elements: Element[]; weight: number } | { error: string } {
  let text = source.trim();
  let weight = 1;
  const w = /\^(\d+(?:\.\d+)?)$/.exec(text);
  if (w) {
    weight = Number(w[1]);
    text = text.slice(0, w.index).trim();
  }
  if (!text) return { error: "is empty" };
  const elements: Element[] = [];
  for (const item of text.split(/\s+/)) {
    if (item === "#") elements.push({ type: "number" });
    else if (item === "_") elements.push({ type: "any" });
    else if (item === "..") elements.push({ type: "gap" });
    else {
      const exact = new Set<string>();
      const prefixes: string[] = [];
      for (const alt of item.split("|")) {
        const norm = alt.normalize("NFKC").toLowerCase().replace(/’/g, "'");
        if (norm.endsWith("*")) {
          if (norm.length < 4) return { error: `prefix "${alt}" needs at least 3 characters before *` };
          prefixes.push(norm.slice(0, -1));
        } else if (norm) exact.add(norm);
        else return { error: `has an empty alternative in "${item}"` };
      }
      elements.push({ type: "word", exact, prefixes });
    }
  }
  if (elements[0]!.type === "gap" || elements.at(-1)!.type === "gap") return { error: "cannot start or end with .." };
  if (elements[0]!.type === "any") return { error: "cannot start with _" };
  return { elements, weight };
}

/** The literal words and the `pre*` stems of patterns: what typo tolerance corrects towards. */
export function vocabulary(patterns: readonly Pattern<unknown>[]): { words: Set<string>; prefixes: string[] } {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const p of patterns)
    for (const el of p.elements) {
      if (el.type !== "word") continue;
      for (const w of el.exact) words.add(w);
      for (const pre of el.prefixes) prefixes.add(pre);
    }
  return { words, prefixes: [...prefixes].sort() };
}

/** Compiled patterns indexed by what their first token can be, with a per-token memo of candidates. */
export class Matcher<E> {
  readonly #byWord = new Map<string, Pattern<E>[]>();
  readonly #byPrefix = new Map<string, Pattern<E>[]>();
  readonly #numberFirst: Pattern<E>[] = [];
  readonly #memo = new Map<string, readonly Pattern<E>[]>();
  readonly #rank: (e: E) => number;

  /** `rank` breaks ties between equally long matches: higher wins, then the earlier pattern. */
  constructor(patterns: readonly Pattern<E>[], rank: (e: E) => number) {
    this.#rank = rank;
    for (const p of patterns) {
      const first = p.elements[0]!;
      if (first.type === "number") this.#numberFirst.push(p);
      else if (first.type === "word") {
        for (const w of first.exact) push(this.#byWord, w, p);
        for (const pre of first.prefixes) push(this.#byPrefix, pre.slice(0, 3), p);
      }
    }
  }

  /** Leftmost-longest, non-overlapping matches over tokens [from, to). */
  scan(t: Tokens, from = 0, to = t.norm.length): Match<E>[] {
    const out: Match<E>[] = [];
    let i = from;
    while (i < to) {
      const best = this.#best(t, i, to);
      if (best) {
        out.push(best);
        i = best.end;
      } else i++;
    }
    return out;
  }

  /** Every match at every position (overlaps allowed), for annotations that must not consume tokens. */
  all(t: Tokens, from = 0, to = t.norm.length): Match<E>[] {
    const out: Match<E>[] = [];
    for (let i = from; i < to; i++) {
      for (const p of this.#candidates(t, i)) {
        const end = matchAt(p.elements, 0, t, i, to);
        if (end > i) out.push({ start: i, end, entry: p.entry, weight: p.weight });
      }
    }
    return out;
  }

  #best(t: Tokens, i: number, to: number): Match<E> | null {
    let best: Pattern<E> | null = null;
    let bestEnd = -1;
    for (const p of this.#candidates(t, i)) {
      const end = matchAt(p.elements, 0, t, i, to);
      if (end < 0) continue;
      if (
        !best ||
        end > bestEnd ||
        (end === bestEnd &&
          (this.#rank(p.entry) > this.#rank(best.entry) ||
            (this.#rank(p.entry) === this.#rank(best.entry) && p.order < best.order)))
      ) {
        best = p;
        bestEnd = end;
      }
    }
    return best ? { start: i, end: bestEnd, entry: best.entry, weight: best.weight } : null;
  }

  #candidates(t: Tokens, i: number): readonly Pattern<E>[] {
    const kind = t.kind[i];
    if (kind === NUMBER) return this.#numberFirst;
    const word = t.norm[i]!;
    let list = this.#memo.get(word);
    if (list) return list;
    const found = [...(this.#byWord.get(word) ?? [])];
    if (word.length >= 3)
      for (const p of this.#byPrefix.get(word.slice(0, 3)) ?? []) if (firstMatches(p, word)) found.push(p);
    if (kind === WORD && isNumberWord(word)) found.push(...this.#numberFirst);
    list = found;
    // The memo is bounded by the vocabulary of the input; cap it so a pathological input cannot grow it without end.
    if (this.#memo.size > 200_000) this.#memo.clear();
    this.#memo.set(word, list);
    return list;
  }
}

/** "two", "a couple", and hyphenated ones such as "forty-five". */
function isNumberWord(word: string): boolean {
  return NUMBER_WORDS.has(word) || (word.includes("-") && word.split("-").every((w) => NUMBER_WORDS.has(w)));
}

function firstMatches(p: Pattern<unknown>, word: string): boolean {
  const first = p.elements[0]!;
  return first.type === "word" && first.prefixes.some((pre) => word.startsWith(pre));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** End index (exclusive) of the longest match of elements[k..] at token i, or -1. */
function matchAt(elements: readonly Element[], k: number, t: Tokens, i: number, to: number): number {
  if (k === elements.length) return i;
  const el = elements[k]!;
  if (el.type === "gap") {
    let best = -1;
    for (let skip = 0; skip <= GAP && i + skip <= to; skip++) {
      if (skip > 0 && t.kind[i + skip - 1] === SYMBOL) break;
      const end = matchAt(elements, k + 1, t, i + skip, to);
      if (end > best) best = end;
    }
    return best;
  }
  if (i >= to || !elementMatches(el, t, i)) return -1;
  return matchAt(elements, k + 1, t, i + 1, to);
}

function elementMatches(el: Element, t: Tokens, i: number): boolean {
  const word = t.norm[i]!;
  const kind = t.kind[i];
  switch (el.type) {
    case "number":
      return kind === NUMBER || (kind === WORD && isNumberWord(word));
    case "any":
      return kind !== SYMBOL;
    case "word":
      if (el.exact.has(word)) return true;
      for (const pre of el.prefixes) if (word.startsWith(pre)) return true;
      return false;
    default:
      return false;
  }
}
