// Finds what a review says was wrong before the visit (symptoms, old equipment, how long it went on): no verdict there.
import type { Matcher } from "./patterns.ts";
import type { Layout } from "./segment.ts";
import type { Tokens } from "./tokens.ts";

/**
 * Words that put a segment after the visit ("it's slow again", "still leaks", "since then"): a verdict, whatever the
 * backstory words around it say.
 */
const AFTER = new Set(
  "again anymore afterwards afterward later still now since then new replaced fixed repaired cleared snaked unclogged".split(
    " ",
  ),
);

/**
 * Marks, token by token, the segments that tell the backstory: a segment (between commas, "and" and clause breaks) with
 * one of the lexicon's backstory phrases and no word that places it after the visit. Null when there is none.
 */
export function backstory(t: Tokens, layout: Layout, phrases: Matcher<null>): Uint8Array | null {
  const found = phrases.all(t);
  if (found.length === 0) return null;
  const mask = new Uint8Array(t.norm.length);
  let any = false;
  for (const m of found) {
    const segment = layout.segmentOf[m.start]!;
    let from = m.start;
    while (from > 0 && layout.segmentOf[from - 1] === segment) from--;
    let to = m.end;
    let current = layout.segmentOf[m.end - 1]!;
    for (;;) {
      while (to < t.norm.length && layout.segmentOf[to] === current) to++;
      // "with" names what the backstory had, not a new statement: "lived with a leaky spigot for ages".
      if (to >= t.norm.length || t.norm[to] !== "with" || layout.clauseOf[to] !== layout.clauseOf[m.start]) break;
      current = layout.segmentOf[to]!;
    }
    if (mask[from]) continue;
    let after = false;
    for (let i = from; i < to && !after; i++) if ((i < m.start || i >= m.end) && AFTER.has(t.norm[i]!)) after = true;
    if (after) continue;
    mask.fill(1, from, to);
    any = true;
  }
  return any ? mask : null;
}
