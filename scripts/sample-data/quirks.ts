// Typing and pasting quirks that real review text carries and that NFKC + whitespace folding must see through.
// Every quirk here leaves normalizeText() of a catalog term unchanged, so mentions still resolve.
import type { Random } from "./random.ts";

const NBSP = "\u00a0";

/** ASCII to full-width forms (what an IME in full-width mode types); NFKC maps them back. */
export function fullWidth(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out += c === 0x20 ? "\u3000" : c > 0x20 && c < 0x7f ? String.fromCodePoint(c + 0xfee0) : ch;
  }
  return out;
}

/** Typographic ligatures, as text pasted from a word processor or a PDF has them. */
function ligatures(s: string): string {
  return s
    .replace(/ffi/g, "\ufb03")
    .replace(/ffl/g, "\ufb04")
    .replace(/ff/g, "\ufb00")
    .replace(/fi/g, "\ufb01")
    .replace(/fl/g, "\ufb02");
}

/**
 * How a reviewer happened to type a catalog name: mostly as-is, sometimes lower or upper case, full-width,
 * with a non-breaking space, with ligatures, or decomposed (e + combining diaeresis, as macOS file names are).
 */
export function styleTerm(rng: Random, term: string): string {
  const r = rng.next();
  if (r < 0.03) return fullWidth(term);
  if (r < 0.07 && term.includes(" ")) return term.replace(" ", NBSP);
  if (r < 0.1 && /f[fil]/.test(term)) return ligatures(term);
  if (r < 0.14 && /[\u0080-\uffff]/.test(term)) return term.normalize("NFD");
  if (r < 0.2) return term.toLowerCase();
  if (r < 0.22) return term.toUpperCase();
  return term;
}

/** Whole-text quirks: stray NBSP, curly apostrophes, pasted ligatures, leading/trailing whitespace, CRLF. */
export function roughen(rng: Random, text: string): string {
  let t = text;
  if (rng.chance(0.06)) {
    const spaces = [...t.matchAll(/ /g)];
    if (spaces.length > 0) {
      const at = rng.pick(spaces).index;
      t = t.slice(0, at) + NBSP + t.slice(at + 1);
    }
  }
  if (rng.chance(0.12)) t = t.replace(/'/g, "\u2019");
  if (rng.chance(0.05)) t = ligatures(t);
  if (rng.chance(0.02) && t.includes("\n")) t = t.replace(/\n/g, "\r\n");
  if (rng.chance(0.02)) t = t + rng.pick(["\n", " ", "  "]);
  if (rng.chance(0.01)) t = " " + t;
  return t;
}
