// Reads a review's text the way every part of the engine sees it: tokens (misspelt cues corrected), matches, layout.
import type { Compiled, Entry } from "./compile.ts";
import type { Match } from "./patterns.ts";
import { type Layout, segment } from "./segment.ts";
import { type Tokens, tokenize } from "./tokens.ts";

export type Reading = {
  t: Tokens;
  matches: Match<Entry>[];
  layout: Layout;
  /**
   * The tokens of phrases the taxonomy and lexicon say are no cue ("late fee", "honestly", "drain cleaning", a bill that
   * "took weeks to arrive") and of the business's names: what the aspect classifier must not read either. Null: none.
   * Found on first call, so that the rules alone never pay for it.
   */
  ignored(): Uint8Array | null;
};

export function read(c: Compiled, text: string): Reading {
  const t = tokenize(text);
  c.typos.correct(t);
  const matches = c.main.scan(t);
  let found: Uint8Array | null | undefined;
  const ignored = () => {
    if (found !== undefined) return found;
    found = null;
    for (const m of c.ignores.all(t)) {
      found ??= new Uint8Array(t.norm.length);
      found.fill(1, m.start, m.end);
    }
    return found;
  };
  return { t, matches, layout: segment(t, matches), ignored };
}
