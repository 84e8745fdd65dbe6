// The default taxonomy (home services), English lexicon and trained aspect model, bundled as JSON data and validated on
// first use.
import wordsData from "./lexicon/en-words.json" with { type: "json" };
import lexiconData from "./lexicon/en.json" with { type: "json" };
import modelData from "./model/home-services.json" with { type: "json" };
import taxonomyData from "./taxonomies/home-services.json" with { type: "json" };
import { type Lexicon, parseLexicon } from "./lexicon.ts";
import { parseTaxonomy, type Taxonomy } from "./taxonomy.ts";
import { fingerprint } from "./engine/fingerprint.ts";
import { type ModelFile, parseModel } from "./engine/model.ts";

export function defaultTaxonomy(): Taxonomy {
  return parseTaxonomy(taxonomyData, "src/lib/insights/taxonomies/home-services.json");
}

/** Whether a taxonomy is the default one, unchanged: the only one the bundled model knows. */
export function isDefaultTaxonomy(taxonomy: Taxonomy): boolean {
  defaultPrint ??= JSON.stringify(defaultTaxonomy());
  return JSON.stringify(taxonomy) === defaultPrint;
}
let defaultPrint: string | null = null;

/** The aspect model trained for the default taxonomy (scripts/train-insights-model.ts), and its fingerprint. */
export function defaultModel(): { model: ModelFile; fingerprint: string } {
  if (!model) {
    const parsed = parseModel(modelData, "src/lib/insights/model/home-services.json");
    model = { model: parsed, fingerprint: fingerprint(JSON.stringify(parsed)) };
  }
  return model;
}
let model: { model: ModelFile; fingerprint: string } | null = null;

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
