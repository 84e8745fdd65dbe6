// The default taxonomy (home services) and English lexicon, bundled as JSON data and validated on first use.
import wordsData from "./lexicon/en-words.json" with { type: "json" };
import lexiconData from "./lexicon/en.json" with { type: "json" };
import taxonomyData from "./taxonomies/home-services.json" with { type: "json" };
import { type Lexicon, parseLexicon } from "./lexicon.ts";
import { parseTaxonomy, type Taxonomy } from "./taxonomy.ts";
import { fingerprint } from "./engine/fingerprint.ts";

export function defaultTaxonomy(): Taxonomy {
  return parseTaxonomy(taxonomyData, "src/lib/insights/taxonomies/home-services.json");
}

export function defaultLexicon(): Lexicon {
  return parseLexicon(lexiconData, "src/lib/insights/lexicon/en.json");
}

/** English words typo tolerance must never "correct" (SCOWL, see lexicon/en-words.LICENSE), and their fingerprint. */
export function defaultWords(): { words: ReadonlySet<string>; fingerprint: string } {
  words ??= { words: new Set(wordsData.words.split(" ")), fingerprint: fingerprint(wordsData.words) };
  return words;
}
let words: { words: ReadonlySet<string>; fingerprint: string } | null = null;

/** The language the default taxonomy's cues and lexicon are written in. */
export function defaultTaxonomyLanguage(): string {
  return taxonomyData.language;
}
