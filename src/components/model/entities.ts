// Per-entity view data (technician, service, aspect): the newest reviews that concern it and their statistics.
import type { TimeSeries } from "../../lib/charts/series.ts";
import type { AggregateRating } from "../../lib/schema/dataset.ts";
import type { Review } from "../../lib/schema/review.ts";
import type { AspectSummary } from "./aspects.ts";
import type { ReviewGroup } from "./review-groups.ts";

/** Entity pages show this many of their newest reviews and link to search for the rest. */
const ENTITY_REVIEWS_SHOWN = 20;

export type EntityStats = Readonly<{
  rating: AggregateRating;
  series: TimeSeries;
  /** Newest first, at most ENTITY_REVIEWS_SHOWN. */
  newest: readonly Review[];
  /** Aspect sentiment among these reviews (empty until reviews carry aspect annotations). */
  aspects: readonly AspectSummary[];
}>;

export function entityStats(group: ReviewGroup, aspectLabel: (id: string) => string): EntityStats {
  const aspects: AspectSummary[] = group.annotated
    ? [...group.aspects]
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
    rating: group.rating(),
    series: group.series(),
    newest: group.reviews.slice(0, ENTITY_REVIEWS_SHOWN),
    aspects,
  };
}
