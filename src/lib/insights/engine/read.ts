// Reads a review's text the way every part of the engine sees it: tokens (misspelt cues corrected), matches, layout.
import type { Compiled, Entry } from "./compile.ts";
import type { Match } from "./patterns.ts";
import { type Layout, segment } from "./segment.ts";
import { type Tokens, tokenize } from "./tokens.ts";

export type Reading = { t: Tokens; matches: Match<Entry>[]; layout: Layout };

export function read(c: Compiled, text: string): Reading {
  const t = tokenize(text);
  c.typos.correct(t);
  const matches = c.main.scan(t);
  return { t, matches, layout: segment(t, matches) };
}
