// Which reviews the engine can read: those written in the language of its lexicon and taxonomy (English today).
import { defaultTaxonomyLanguage } from "./defaults.ts";

/** Primary language subtags the default engine reads. */
export const LANGUAGES_READ: readonly string[] = [defaultTaxonomyLanguage()];

/** Whether a review tagged `tag` (BCP 47, e.g. "en-US", "es") is in a language the engine reads. */
function readsLanguage(tag: string, languages: readonly string[] = LANGUAGES_READ): boolean {
  return languages.includes(tag.split("-")[0]!.toLowerCase());
}

/**
 * How a published review was analysed: its text read; no text, so the stars alone; or written in a language the engine
 * does not read, so the stars alone and no aspects (never silently empty).
 */
export type AnalysisStatus = "analysed" | "rating_only" | "not_analysed";

export function analysisStatus(text: string | null, language: string): AnalysisStatus {
  if (text === null || text.trim() === "") return "rating_only";
  return readsLanguage(language) ? "analysed" : "not_analysed";
}
