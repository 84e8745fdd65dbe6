// Text normalisation shared by mention matching and substring search: NFKC, lower case, whitespace folded.

/**
 * NFKC (ligatures, full-width forms, compatibility characters), then `toLowerCase()`, then every run
 * of whitespace (NBSP and line breaks included) folded to one space, trimmed. Accents are kept.
 */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
}
