// Aspect annotations of reviews and their summaries, counted from the reviews or taken from the aspect insights.
import type { AspectRow } from "../../lib/charts/aspect-bars.ts";
import type { Insights } from "../../lib/schema/insights.ts";
import type { ReviewGroup } from "./review-groups.ts";

export type AspectSummary = AspectRow &
  Readonly<{
    description: string | null;
    mentions: number;
    /** False when neither the reviews nor the insights carry per-polarity counts. */
    hasPolarity: boolean;
  }>;

/**
 * One summary per aspect of the taxonomy (insights.aspects), most mentioned first. Counts come from the annotations
 * of the group's reviews when they have them, else from the counts the aspect insight publishes.
 */
export function aspectSummaries(insights: Insights, group: ReviewGroup): AspectSummary[] {
  const fromReviews = group.annotated ? group.aspects : null;
  return insights.aspects
    .map((a): AspectSummary => {
      // A document without published counts (one written by hand) gives the mention count alone.
      const counted = fromReviews ? (fromReviews.get(a.id) ?? { positive: 0, neutral: 0, negative: 0 }) : a.counts;
      return {
        id: a.id,
        label: a.label,
        description: a.description ?? null,
        positive: counted?.positive ?? 0,
        neutral: counted?.neutral ?? 0,
        negative: counted?.negative ?? 0,
        mentions: counted ? counted.positive + counted.neutral + counted.negative : (a.mention_count ?? 0),
        hasPolarity: counted !== undefined,
      };
    })
    .sort((x, y) => y.mentions - x.mentions || (x.id < y.id ? -1 : 1));
}
