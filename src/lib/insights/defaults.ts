// The default taxonomy (home services) and English lexicon, bundled as JSON data and validated on first use.
import lexiconData from "./lexicon/en.json" with { type: "json" };
import taxonomyData from "./taxonomies/home-services.json" with { type: "json" };
import { type Lexicon, parseLexicon } from "./lexicon.ts";
import { parseTaxonomy, type Taxonomy } from "./taxonomy.ts";

export function defaultTaxonomy(): Taxonomy {
  return parseTaxonomy(taxonomyData, "src/lib/insights/taxonomies/home-services.json");
}

export function defaultLexicon(): Lexicon {
  return parseLexicon(lexiconData, "src/lib/insights/lexicon/en.json");
}
