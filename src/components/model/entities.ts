// Per-entity view data (technician, service, aspect): the newest reviews that concern it and their statistics.
import type { AspectSummary } from "./aspects.ts";
import type { ReviewGroup } from "./review-groups.ts";

/** Entity pages show this many of their newest reviews and link to search for the rest. */
const ENTITY_REVIEWS_SHOWN = 20;

export type EntityStats = ReturnType<typeof entityStats>;

export function entityStats(group: ReviewGroup, aspectLabel: (id: string) => string) {
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
    /** Newest first, at most ENTITY_REVIEWS_SHOWN. */
    newest: group.reviews.slice(0, ENTITY_REVIEWS_SHOWN),
    /** Aspect sentiment among these reviews (empty until reviews carry aspect annotations). */
    aspects,
  };
}
