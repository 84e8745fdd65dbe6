// Computes /insights.json from the published dataset and the engine's per-review analyses (pure, deterministic).
import { hasText } from "../reviews/aggregate.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { Insights } from "../schema/insights.ts";
import { aspectInsights } from "./aggregate/aspects.ts";
import { catalogEntities, problemEntities } from "./aggregate/entities.ts";
import { faq } from "./aggregate/faq.ts";
import { pullQuote, summaryClaims } from "./aggregate/summary.ts";
import { type Row, Tally } from "./aggregate/tally.ts";
import { monthly, trends } from "./aggregate/temporal.ts";
import { topicInsights } from "./aggregate/topics.ts";
import { type Analyzer, ENGINE, type ReviewAnalysis, ratingOnly } from "./engine/analyze.ts";
import { LANGUAGES_READ } from "./languages.ts";
import { analyzerFor } from "./for-business.ts";

export { ENGINE };

export type InsightsOptions = {
  /** The engine the analyses came from (default: `analyzerFor(dataset.business)`). */
  analyzer?: Analyzer;
  /** Per-review analyses by review id, e.g. from the build's cache; reviews missing here are analysed now. */
  analyses?: ReadonlyMap<string, ReviewAnalysis>;
};

export function computeInsights(dataset: ReviewsDataset, options: InsightsOptions = {}): Insights {
  const { reviews, aggregate_rating: agg, business } = dataset;
  const analyzer = options.analyzer ?? analyzerFor(business);
  // A review in a language the engine does not read counts by its stars only: no aspects, topics or problems.
  const notAnalysed = new Map<string, number>();
  const rows: Row[] = reviews.map((r) => {
    const read = r.analysis_status !== "not_analysed";
    if (!read) notAnalysed.set(r.language, (notAnalysed.get(r.language) ?? 0) + 1);
    return {
      id: r.id,
      date: r.date,
      rating: r.rating,
      text: read ? r.text : null,
      hasText: read && hasText(r.text),
      analysis: read ? (options.analyses?.get(r.id) ?? analyzer.analyze(r.text, r.rating)) : ratingOnly(r.rating),
    };
  });
  const textCount = rows.reduce((n, r) => n + (r.hasText ? 1 : 0), 0);
  const all = new Tally();
  for (const row of rows) all.add(row);
  const from = rows.length ? rows.reduce((m, r) => (r.date < m ? r.date : m), rows[0]!.date) : null;
  const to = rows.length ? rows.reduce((m, r) => (r.date > m ? r.date : m), rows[0]!.date) : null;
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
    aspects: aspectInsights(taxonomy, rows, textCount),
    entities: {
      ...catalogEntities(business, reviews, rows),
      problems: problemEntities(taxonomy, rows),
    },
    topics: topicInsights(business, rows, textCount),
    temporal: { monthly: monthly(rows), trend: trends(rows) },
  };
  const pull_quote = pullQuote(draft, rows);
  const claims = summaryClaims(draft, business.name);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    ...draft,
    faq: faq({ ...draft, summary: { pull_quote } }, taxonomy, byId),
    summary: { text: claims.map((c) => c.text).join(" "), claims, pull_quote },
  };
}
