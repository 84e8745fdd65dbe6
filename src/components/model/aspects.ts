// Aspect annotations of reviews and their summaries; aspect insights read defensively (unknown shapes: "no data").
import type { AspectRow } from "../../lib/charts/aspect-bars.ts";
import type { Insights } from "../../lib/schema/insights.ts";
import type { Polarity } from "./review-aspects.ts";
import type { ReviewGroup } from "./review-groups.ts";

export type AspectSummary = AspectRow &
  Readonly<{
    description: string | null;
    mentions: number;
    /** False when neither the reviews nor the insights carry per-polarity counts. */
    hasPolarity: boolean;
  }>;

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * One summary per aspect of the taxonomy (insights.aspects), most mentioned first. Counts come from the annotations
 * of the group's reviews when they have them, else from whatever counts the aspect insight publishes.
 */
export function aspectSummaries(insights: Insights, group: ReviewGroup): AspectSummary[] {
  const fromReviews = group.annotated ? group.aspects : null;
  return insights.aspects
    .map((a): AspectSummary => {
      const loose = a as unknown as Loose;
      const counted = fromReviews
        ? (fromReviews.get(a.id) ?? { positive: 0, neutral: 0, negative: 0 })
        : publishedCounts(loose);
      const mentions = counted
        ? counted.positive + counted.neutral + counted.negative
        : (numberAt(loose, ["mention_count", "mentions", "count"]) ?? 0);
      const description = typeof loose["description"] === "string" ? loose["description"] : null;
      return {
        id: a.id,
        label: a.label,
        description,
        positive: counted?.positive ?? 0,
        neutral: counted?.neutral ?? 0,
        negative: counted?.negative ?? 0,
        mentions,
        hasPolarity: counted !== null,
      };
    })
    .sort((x, y) => y.mentions - x.mentions || (x.id < y.id ? -1 : 1));
}

function publishedCounts(a: Loose): Record<Polarity, number> | null {
  for (const holder of [a, a["counts"], a["sentiment"], a["sentiment_counts"]]) {
    if (!isObject(holder)) continue;
    const [p, u, n] = [holder["positive"], holder["neutral"], holder["negative"]];
    if (typeof p === "number" && typeof u === "number" && typeof n === "number")
      return { positive: p, neutral: u, negative: n };
  }
  return null;
}

function numberAt(a: Loose, keys: readonly string[]): number | null {
  for (const k of keys) if (typeof a[k] === "number") return a[k];
  return null;
}
