// Text normalisation of substring search (and, with accents folded too, of mentions: fold.ts): NFKC, lower case,
// whitespace folded.

/**
 * NFKC (ligatures, full-width forms, compatibility characters), then `toLowerCase()`, then every run
 * of whitespace (NBSP and line breaks included) folded to one space, trimmed. Accents are kept.
 */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
}
