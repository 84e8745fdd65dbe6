// The language of a review whose source does not say: detected offline from its text, and trusted only when clear.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

type Detector = {
  detect(text: string): { language: string; isReliable(): boolean; getScores(): Record<string, number> };
};

/**
 * The detector's n-gram tables take about 0.5 s and 60 MB to load, so they are loaded when a review first needs them
 * (a rebuild that adds English reviews never does). Immutable once loaded, so one per process is safe to share.
 */
let detector: Detector | null = null;
const loadDetector = (): Detector =>
  // The package exports ES modules only: resolved as an import, then loaded synchronously (Node's require of ESM).
  (detector ??= (require(fileURLToPath(import.meta.resolve("eld/medium"))) as { eld: Detector }).eld);
const require = createRequire(import.meta.url);

/** How far the detected language's score must lead the business language's before it is believed. */
const MARGIN = 0.1;
/** Enough text to tell a language; the rest only costs time. */
const SAMPLE_CHARS = 200;

const ENGLISH_FUNCTION_WORDS = new Set(
  "the and was to a i of it for in my they we he she is that with on this our were very you had have not but so at be".split(
    " ",
  ),
);

/**
 * The BCP 47 tag of `text`: the business's own `fallback` when the text is absent, too short or unclear to tell, or in
 * the fallback's language (so an English review of an `en-US` business says `en-US`); otherwise the detected ISO 639-1
 * code, e.g. `es`. Deterministic: the detector is a fixed n-gram table shipped in the package.
 */
export function detectLanguage(text: string | null, fallback: string): string {
  if (!text) return fallback;
  const base = fallback.split("-")[0]!.toLowerCase();
  const sample = text.normalize("NFKC").slice(0, SAMPLE_CHARS);
  if (base === "en" && plainEnglish(sample)) return fallback;
  const result = loadDetector().detect(sample);
  const detected = result.language;
  if (!detected || detected === base || !result.isReliable()) return fallback;
  const scores = result.getScores();
  return (scores[detected] ?? 0) - (scores[base] ?? 0) >= MARGIN ? detected : fallback;
}

/**
 * ASCII prose of four or more words, at least two of them and a sixth or more English function words: English without
 * asking the detector, which costs some 60 µs a review (most reviews of an English-speaking business take this path).
 */
function plainEnglish(sample: string): boolean {
  if (/[^\p{ASCII}\u2018\u2019\u201c\u201d\u2013\u2014\u2026]/u.test(sample.replace(/\p{Extended_Pictographic}/gu, "")))
    return false;
  const words = sample.toLowerCase().match(/[a-z']+/g);
  if (!words || words.length < 4) return false;
  let common = 0;
  for (const w of words) if (ENGLISH_FUNCTION_WORDS.has(w)) common++;
  return common >= 2 && common * 6 >= words.length;
}
