// Per-entity view data (technician, service, aspect): the reviews that concern it and their statistics.
import { type TimeSeries, timeSeries } from "../../lib/charts/series.ts";
import { aggregateRating } from "../../lib/reviews/aggregate.ts";
import type { CatalogKind } from "../../lib/schema/business.ts";
import type { AggregateRating } from "../../lib/schema/dataset.ts";
import type { Review } from "../../lib/schema/review.ts";
import { type AspectSummary, countAspects, hasReviewAspects } from "./aspects.ts";

/** Entity pages show this many of their newest reviews and link to search for the rest. */
export const ENTITY_REVIEWS_SHOWN = 20;

export type EntityStats = Readonly<{
  rating: AggregateRating;
  series: TimeSeries;
  /** Newest first, at most ENTITY_REVIEWS_SHOWN. */
  newest: readonly Review[];
  /** Aspect sentiment among these reviews (empty until reviews carry aspect annotations). */
  aspects: readonly AspectSummary[];
}>;

const byEntry = new WeakMap<readonly Review[], Map<string, Review[]>>();

/**
 * Reviews (in their order) mentioning catalog entry `id`. The reviews are grouped by everything they mention in one
 * pass, remembered per review list: a build renders a page per technician and per service over the same 100k reviews.
 */
export function mentioning(reviews: readonly Review[], kind: CatalogKind, id: string): readonly Review[] {
  let groups = byEntry.get(reviews);
  if (!groups) {
    groups = new Map();
    for (const r of reviews) {
      for (const [k, ids] of Object.entries(r.mentions)) {
        for (const entry of ids) {
          const key = `${k}\0${entry}`;
          const group = groups.get(key);
          if (!group) groups.set(key, [r]);
          else if (group.at(-1) !== r) group.push(r);
        }
      }
    }
    byEntry.set(reviews, groups);
  }
  return groups.get(`${kind}\0${id}`) ?? [];
}

export function entityStats(reviews: readonly Review[], aspectLabel: (id: string) => string): EntityStats {
  const aspects: AspectSummary[] = hasReviewAspects(reviews)
    ? [...countAspects(reviews)]
        .map(([id, c]) => ({
          id,
          label: aspectLabel(id),
          description: null,
          ...c,
          mentions: c.positive + c.neutral + c.negative,
          hasPolarity: true,
        }))
        .sort((x, y) => y.mentions - x.mentions || (x.id < y.id ? -1 : 1))
    : [];
  return {
    rating: aggregateRating(reviews),
    series: timeSeries(reviews),
    newest: reviews.slice(0, ENTITY_REVIEWS_SHOWN),
    aspects,
  };
}
