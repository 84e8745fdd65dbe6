// Computes /insights.json from the published dataset (pure). Aggregate facts only until the aspect engine lands.
import type { CatalogKind } from "../schema/business.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { EntityInsight, Insights } from "../schema/insights.ts";
import type { Review } from "../schema/review.ts";

export const ENGINE = { name: "reviews-insights", version: "0.1.0" } as const;
const EXAMPLES = 5;

export function computeInsights(dataset: ReviewsDataset): Insights {
  const { reviews, aggregate_rating: agg, business } = dataset;
  const dates = reviews.map((r) => r.date);
  const from = dates.length ? dates[dates.length - 1]! : null;
  const to = dates.length ? dates[0]! : null;
  const positive = agg.distribution["4"] + agg.distribution["5"];
  const summaryText =
    agg.count === 0
      ? `${business.name} has no published reviews yet.`
      : `${business.name} has ${agg.count} verified review${agg.count === 1 ? "" : "s"} from ${from} to ${to}, ` +
        `averaging ${agg.average!.toFixed(2)} out of 5; ${percent(positive, agg.count)} rate it 4 or 5 stars.`;
  return {
    version: `${ENGINE.version}+taxonomy-none`,
    engine: { ...ENGINE },
    review_count: agg.count,
    date_range: from && to ? { from, to } : null,
    aspects: [],
    entities: {
      technicians: entities(reviews, business.technicians, "technicians"),
      services: entities(reviews, business.services, "services"),
      service_areas: entities(reviews, business.service_areas, "service_areas"),
    },
    topics: [],
    temporal: { monthly: monthly(reviews) },
    faq: [],
    summary: { text: summaryText, pull_quote: null },
  };
}

function entities(reviews: readonly Review[], catalog: readonly { id: string; name: string }[], kind: CatalogKind): EntityInsight[] {
  return catalog
    .map((entry) => {
      const mentioning = reviews.filter((r) => r.mentions[kind].includes(entry.id));
      return {
        id: entry.id,
        name: entry.name,
        mention_count: mentioning.length,
        average_rating: mean(mentioning.map((r) => r.rating)),
        example_review_ids: mentioning.slice(0, EXAMPLES).map((r) => r.id),
      };
    })
    .sort((a, b) => b.mention_count - a.mention_count || (a.id < b.id ? -1 : 1));
}

function monthly(reviews: readonly Review[]): Insights["temporal"]["monthly"] {
  const byMonth = new Map<string, number[]>();
  for (const r of reviews) {
    const m = r.date.slice(0, 7);
    const list = byMonth.get(m);
    if (list) list.push(r.rating);
    else byMonth.set(m, [r.rating]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, ratings]) => ({ month, review_count: ratings.length, average_rating: mean(ratings) }));
}

function mean(values: number[]): number | null {
  return values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
}

function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)}%`;
}
