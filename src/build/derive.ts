// Deriving the site from the validated source: each review analysed (through the analysis cache), the published
// dataset, each review's JSON and its hash, the insights, and the warnings and notes the build prints.
import path from "node:path";
import type { Config } from "../config.ts";
import type { PublishedReview } from "../lib/changes/diff.ts";
import { reviewHash } from "../lib/changes/log.ts";
import { analyzerFor } from "../lib/insights/for-business.ts";
import { analysisColumns, computeInsights } from "../lib/insights/insights.ts";
import { assembleDataset, deriveReviews } from "../lib/reviews/dataset.ts";
import { mentionWarnings } from "../lib/reviews/mention-warnings.ts";
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import type { Insights } from "../lib/schema/insights.ts";
import { publishedReviews } from "./change-log.ts";
import { analyzeWithCache } from "./insights-cache.ts";
import type { Source } from "./source.ts";

export type Site = {
  dataset: ReviewsDataset;
  /** Each review's JSON as /reviews.json holds it, in the dataset's order. */
  reviewJson: readonly string[];
  insights: Insights;
  /** What the rest of the build needs once the site's files are written. */
  summary: SiteSummary;
};

export type SiteSummary = {
  origin: string;
  /** The id in business.json: the release's manifest records it. */
  businessId: string;
  /** The manifest's source_hash: over the source files' bytes. */
  sourceHash: string;
  updatedAt: string;
  /** The reviews as the change log compares them, in the dataset's order (newest first). */
  reviews: readonly PublishedReview[];
  /** What the build reports without failing: catalog entries no review mentions, names that cannot stand alone. */
  warnings: readonly string[];
  /** What the build did that the owner asked for and should see done: reviews left out by suppressed.jsonl. */
  notes: readonly string[];
  /** How many analyses the cache held and how many were made, for the build's log. */
  analysesRead: string;
};

/** The site of `source` (read from `config.dataDir`, whose bytes hash to `sourceHash`). */
export async function deriveSite(config: Config, source: Source, sourceHash: string): Promise<Site> {
  const { business } = source;
  const analyzer = analyzerFor(business);
  // Keyed by content hash and engine version: one added review is one analysis and one language detected.
  const dir = path.resolve(".cache", "insights");
  const cached = await analyzeWithCache(source.reviews, analyzer, dir, config.dataDir, business.language);
  const analysisOf = (r: { id: string }) => cached.analyses.get(r.id)!;
  const inputs = source.reviews.map((r) => (r.language === null ? { ...r, language: cached.languages.get(r.id)! } : r));
  const dataset = assembleDataset(business, deriveReviews(business, inputs, analysisOf));
  const reviewJson = dataset.reviews.map((r) => JSON.stringify(r));
  const columns = analysisColumns(dataset.reviews, analysisOf);
  return {
    dataset,
    reviewJson,
    insights: computeInsights(dataset, { analyzer, columns }),
    summary: {
      origin: config.siteUrl,
      businessId: business.id,
      sourceHash,
      updatedAt: dataset.updated_at,
      reviews: publishedReviews(dataset.reviews, reviewJson.map(reviewHash)),
      warnings: mentionWarnings(business, dataset.reviews),
      notes: source.suppressed === null ? [] : [source.suppressed],
      analysesRead: `analyses: ${cached.hits} from the cache, ${cached.misses} made`,
    },
  };
}
