// Splits review text into word, number and symbol tokens that keep their offsets into the original text.

export const WORD = 0;
export const NUMBER = 1;
export const SYMBOL = 2;
type TokenKind = typeof WORD | typeof NUMBER | typeof SYMBOL;

/** Parallel arrays (cheaper than one object per token on the hot path). */
export type Tokens = {
  /** NFKC, lower case, curly apostrophes straightened: what patterns match against. */
  norm: string[];
  kind: TokenKind[];
  start: number[];
  end: number[];
  /** True when a line break separates the token from the one before. */
  newline: boolean[];
};

// Order matters: acronyms with dots (a.m., e.g.), numbers with separators (1,200 / 9:30 / 1.5) and ranges of times or
// amounts written without spaces (8-10am, 12–2pm, 2-3), words with inner apostrophes or hyphens (didn't, no-show,
// follow-up), then any other symbol. A range is one token so that its dash never reads as a clause break.
const TOKEN =
  /(?:\p{L}\.){2,}|\p{N}+(?:[.,:/]\p{N}+)*(?:st|nd|rd|th|s|am|pm|k)?(?:[-–]\p{N}+(?:[.,:]\p{N}+)*(?:am|pm|k)?)?|[\p{L}\p{M}\p{N}]+(?:['’\-/][\p{L}\p{M}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
const NUMBER_START = /^\p{N}/u;
const NEEDS_NFKC = /[\u0080-\uffff]/;

export function tokenize(text: string): Tokens {
  const t: Tokens = { norm: [], kind: [], start: [], end: [], newline: [] };
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const start = m.index;
    let norm = raw.toLowerCase();
    if (NEEDS_NFKC.test(norm)) norm = norm.normalize("NFKC").replace(/’/g, "'");
    t.norm.push(norm);
    t.kind.push(NUMBER_START.test(norm) ? NUMBER : /[\p{L}]/u.test(norm) ? WORD : SYMBOL);
    t.start.push(start);
    t.end.push(start + raw.length);
    t.newline.push(start > last && /[\n\r\u2028\u2029]/.test(text.slice(last, start)));
    last = start + raw.length;
  }
  return t;
}
