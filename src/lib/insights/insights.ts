// Computes /insights.json from the published dataset and the engine's per-review analyses (pure, deterministic).
import { reviewHasText } from "../reviews/aggregate.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { Insights } from "../schema/insights.ts";
import type { Review } from "../schema/review.ts";
import { type AnalysisColumns, columnsOf } from "./analysis-columns.ts";
import { aspectInsights } from "./aggregate/aspects.ts";
import { catalogEntities, problemEntities } from "./aggregate/entities.ts";
import { faq } from "./aggregate/faq.ts";
import { pullQuote, summaryClaims } from "./aggregate/summary.ts";
import { type Table, Tally } from "./aggregate/tally.ts";
import { monthly, trends } from "./aggregate/temporal.ts";
import { topicInsights } from "./aggregate/topics.ts";
import { type Analyzer, ENGINE, type ReviewAnalysis, ratingOnly } from "./engine/analyze.ts";
import { LANGUAGES_READ } from "./languages.ts";
import { analyzerFor } from "./for-business.ts";

export type InsightsOptions = {
  /** The engine the analyses came from (default: `analyzerFor(dataset.business)`). */
  analyzer?: Analyzer;
  /** Per-review analyses by review id, e.g. from the build's cache; reviews missing here are analysed now. */
  analyses?: ReadonlyMap<string, ReviewAnalysis>;
  /** Or the analyses as columns in the dataset's order (`analysisColumns`). */
  columns?: AnalysisColumns;
};

/** The analyses of `reviews` as insights count them (the stars' tone alone for a text in a language not read). */
export function analysisColumns(
  reviews: readonly Review[],
  analysisOf: (review: Review) => ReviewAnalysis,
): AnalysisColumns {
  return columnsOf(reviews.map((r) => (r.analysis_status === "not_analysed" ? ratingOnly(r.rating) : analysisOf(r))));
}

export function computeInsights(dataset: ReviewsDataset, options: InsightsOptions = {}): Insights {
  const { reviews, aggregate_rating: agg, business } = dataset;
  const analyzer = options.analyzer ?? analyzerFor(business);
  const columns =
    options.columns ??
    analysisColumns(reviews, (r) => options.analyses?.get(r.id) ?? analyzer.analyze(r.text, r.rating));
  if (columns.size !== reviews.length)
    throw new Error(`insights: analyses of ${columns.size} reviews for a dataset of ${reviews.length}`);
  // A review in a language the engine does not read counts by its stars only: no aspects, topics or problems.
  const notAnalysed = new Map<string, number>();
  const table: Table = {
    reviews,
    columns,
    ratings: Uint8Array.from(reviews, (r) => r.rating),
    hasText: Uint8Array.from(reviews, (r) => {
      const read = r.analysis_status !== "not_analysed";
      if (!read) notAnalysed.set(r.language, (notAnalysed.get(r.language) ?? 0) + 1);
      return read && reviewHasText(r) ? 1 : 0;
    }),
  };
  const textCount = table.hasText.reduce((n, t) => n + t, 0);
  const all = new Tally(table);
  for (let k = 0; k < reviews.length; k++) all.add(k);
  const from = reviews.length ? reviews.reduce((m, r) => (r.date < m ? r.date : m), reviews[0]!.date) : null;
  const to = reviews.length ? reviews.reduce((m, r) => (r.date > m ? r.date : m), reviews[0]!.date) : null;
  const taxonomy = analyzer.taxonomy;

  const draft: Omit<Insights, "faq" | "summary"> = {
    version: analyzer.version,
    engine: {
      name: ENGINE.name,
      version: ENGINE.version,
      taxonomy: { id: taxonomy.id, version: taxonomy.version, label: taxonomy.label },
    },
    review_count: agg.count,
    text_review_count: textCount,
    coverage: {
      languages_read: [...LANGUAGES_READ],
      not_analysed_count: [...notAnalysed.values()].reduce((a, b) => a + b, 0),
      not_analysed_by_language: [...notAnalysed]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([language, count]) => ({ language, count })),
    },
    date_range: from && to ? { from, to } : null,
    sentiment: { ...all.breakdown(), average_rating: agg.average },
    aspects: aspectInsights(taxonomy, table, textCount),
    entities: {
      ...catalogEntities(business, table),
      problems: problemEntities(taxonomy, table),
    },
    topics: topicInsights(business, table, textCount),
    temporal: { monthly: monthly(table), trend: trends(table) },
  };
  const pull_quote = pullQuote(draft, reviews);
  const claims = summaryClaims(draft, business.name);
  const withSummary = { ...draft, summary: { pull_quote } };
  return {
    ...draft,
    faq: faq(withSummary, taxonomy, examplesOf(draft, reviews)),
    summary: { text: claims.map((c) => c.text).join(" "), claims, pull_quote },
  };
}

/** The reviews the aspects give as examples, by id: what the FAQ quotes. */
function examplesOf(doc: Pick<Insights, "aspects">, reviews: readonly Review[]): Map<string, Review> {
  const ids = new Set(doc.aspects.flatMap((a) => [...a.example_review_ids.positive, ...a.example_review_ids.negative]));
  return new Map(reviews.filter((r) => ids.has(r.id)).map((r) => [r.id, r]));
}
