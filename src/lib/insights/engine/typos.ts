// Typo-tolerant cue matching: a word the vocabulary does not know, one edit away from exactly one cue word, reads as it.
import { type Tokens, WORD } from "./tokens.ts";

/** Shorter words are too often other real words one edit away ("late"/"lane", "fast"/"fist"). */
const MIN_LETTERS = 5;
const MEMO_LIMIT = 200_000;

export type Corrector = {
  /** Replaces, in place, the normalised form of each misspelt cue word ("thorugh" -> "thorough"). */
  correct(t: Tokens): void;
};

/**
 * `known` holds every literal word of the cues and the lexicon (and stop words): the targets, never corrected; nor are
 * the words of `dictionary` ("stock" is not a typo of "stuck", nor "leaving" of "leaking"). `prefixes`
 * are the cue patterns' `pre*` stems, so "explaned" reads as "explain" + "ed". One edit is an insertion, a deletion, a
 * substitution or a swap of two neighbours, never of the first letter nor the last (where a typo most often makes
 * another real word: "shower"/"showed", "prices"/"priced"). A word close to two cue words is left alone.
 */
export function createCorrector(
  known: ReadonlySet<string>,
  prefixes: readonly string[],
  dictionary: { has(word: string): boolean },
): Corrector {
  const byDeletion = new Map<string, string[]>();
  for (const word of known) {
    if (!isPlain(word)) continue;
    for (const d of deletions(word)) push(byDeletion, d, word);
  }
  const stems = new Map<string, string[]>();
  for (const p of new Set(prefixes)) if (isPlain(p)) push(stems, p[0]!, p);
  const memo = new Map<string, string | null>();

  const fix = (w: string): string | null => {
    if (known.has(w) || dictionary.has(w) || (stems.get(w[0]!) ?? []).some((p) => w.startsWith(p))) return null;
    const found = new Set<string>();
    for (const v of byDeletion.get(w) ?? []) if (interiorEdit(w, v)) found.add(v);
    for (const d of deletions(w)) {
      if (known.has(d) && interiorEdit(w, d)) found.add(d);
      for (const v of byDeletion.get(d) ?? []) if (interiorEdit(w, v)) found.add(v);
    }
    for (const p of stems.get(w[0]!) ?? []) {
      for (const len of [p.length - 1, p.length, p.length + 1]) {
        if (len > w.length || !interiorEdit(w.slice(0, len), p, true)) continue;
        found.add(p + w.slice(len));
      }
    }
    return found.size === 1 ? [...found][0]! : null;
  };

  return {
    correct(t) {
      for (let i = 0; i < t.norm.length; i++) {
        const w = t.norm[i]!;
        if (t.kind[i] !== WORD || w.length < MIN_LETTERS || !isPlain(w)) continue;
        let fixed = memo.get(w);
        if (fixed === undefined) {
          fixed = fix(w);
          if (memo.size >= MEMO_LIMIT) memo.clear();
          memo.set(w, fixed);
        }
        if (fixed !== null) t.norm[i] = fixed;
      }
    },
  };
}

function isPlain(w: string): boolean {
  return w.length >= MIN_LETTERS && /^[a-z]+$/.test(w);
}

function deletions(w: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < w.length - 1; i++) out.push(w.slice(0, i) + w.slice(i + 1));
  return out;
}

/**
 * True when `a` and `b` differ by exactly one edit that touches neither end (the end is free when `openEnd`: a stem
 * continues into the rest of the word).
 */
function interiorEdit(a: string, b: string, openEnd = false): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === 0) return false;
  const lastA = a.length - 1;
  const lastB = b.length - 1;
  const interior = (at: number, last: number) => openEnd || at < last;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return interior(i, lastA);
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped && interior(i + 1, lastA);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i) && interior(i, long === a ? lastA : lastB);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
}
