// Reads a review's text the way every part of the engine sees it: tokens (misspelt cues corrected), matches, layout.
import { backstory } from "./backstory.ts";
import type { Compiled, Entry } from "./compile.ts";
import { personNames } from "./names.ts";
import type { Match } from "./patterns.ts";
import { type Layout, segment } from "./segment.ts";
import { type Tokens, tokenize } from "./tokens.ts";

export type Reading = {
  t: Tokens;
  matches: Match<Entry>[];
  layout: Layout;
  /**
   * The tokens of phrases the taxonomy and lexicon say are no cue ("late fee", "honestly", "drain cleaning", a bill that
   * "took weeks to arrive"), of the business's names, of the words that name a person ("Bill explained") and of what
   * was wrong before the visit ("the drain had been slow for months"): what the aspect classifier must not read either.
   * Null: none. Found on first call, so that the rules alone never pay for it.
   */
  ignored(): Uint8Array | null;
};

export function read(c: Compiled, text: string): Reading {
  const t = tokenize(text);
  c.typos.correct(t);
  const scanned = c.main.scan(t);
  const layout = segment(t, scanned);
  const sentenceOf = (i: number) => layout.clauses[layout.clauseOf[i]!]!.sentence;
  // A one-word catalog name ("Prompt") is one of the phrases that are no cue: a name-word like "Bill" or "Rusty".
  const listed = (i: number) => c.ignores.all(t, i, i + 1).some((m) => m.end === i + 1);
  const names = personNames(text, t, (i) => i === 0 || sentenceOf(i) !== sentenceOf(i - 1), listed);
  const story = backstory(t, layout, c.backstory);
  // Neither a name nor the backstory judges the visit: their cue and opinion words are left out, the rest (negators,
  // boundaries) kept. A name is left out of the classifier's reading too when it is also a word or a cue.
  let silenced: Uint8Array | null = story;
  const matches =
    names || story
      ? scanned.filter((m) => {
          const e = m.entry;
          if (e.cues.length === 0 && e.sentiment === null && e.modifiers.length === 0) return true;
          if (names?.[m.start]) {
            silenced = mark(silenced, t.norm.length, m.start, m.end);
            return false;
          }
          return !story?.[m.start];
        })
      : scanned;
  if (names)
    for (let i = 0; i < names.length; i++)
      if (names[i] && c.words.has(t.norm[i]!)) silenced = mark(silenced, names.length, i, i + 1);
  let found: Uint8Array | null | undefined;
  const ignored = () => {
    if (found !== undefined) return found;
    found = silenced;
    for (const m of c.ignores.all(t)) {
      found ??= new Uint8Array(t.norm.length);
      found.fill(1, m.start, m.end);
    }
    return found;
  };
  return { t, matches, layout, ignored };
}

/** Marks tokens [from, to), creating the mask on first use; returns it. */
function mark(mask: Uint8Array | null, n: number, from: number, to: number): Uint8Array {
  const out = mask ?? new Uint8Array(n);
  out.fill(1, from, to);
  return out;
}
