// The fold names are matched by (mentions, catalog lookups): normalised text without accents, apostrophes and hyphens
// written one way. Substring search keeps `normalizeText`, which keeps accents.

/** Letters that carry their accent in themselves (decomposition leaves them whole), typographic apostrophes, hyphens. */
const CHARS: Readonly<Record<string, string>> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ı: "i",
  "\u2018": "'",
  "\u2019": "'",
  "\u02bc": "'",
  "\u2032": "'",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
};
const ANY_CHAR = new RegExp(`[${Object.keys(CHARS).join("")}]`, "gu");
const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}+/gu;

/**
 * What `normalizeText` gives (NFKC, lower case, whitespace folded, trimmed), with accents dropped (Tomás = Tomas,
 * Zoë = Zoe, Øster = Oster), typographic apostrophes as `'` and Unicode hyphens as `-`. Text of ASCII only, most
 * reviews, takes the short way: there NFKC and the rest change nothing.
 */
export function foldName(text: string): string {
  const s = NON_ASCII.test(text)
    ? text
        .normalize("NFKD")
        .toLowerCase()
        .replace(MARKS, "")
        .replace(ANY_CHAR, (c) => CHARS[c]!)
    : text.toLowerCase();
  return s.replace(/\s+/g, " ").trim();
}
