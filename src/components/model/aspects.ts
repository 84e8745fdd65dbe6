// Aspect annotations counted over lists of reviews, and aspect insights read defensively (unknown shapes degrade to "no data").
import type { AspectRow } from "../../lib/charts/aspect-bars.ts";
import type { Insights } from "../../lib/schema/insights.ts";
import type { Review, ReviewAspect } from "../../lib/schema/review.ts";

export type Polarity = "positive" | "neutral" | "negative";

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
 * A review's aspect annotations, as the Review schema types them (at most one per aspect). Read as they are: a build
 * counts each of 100k reviews on several pages.
 */
export function reviewAspects(review: Review): readonly ReviewAspect[] {
  return review.aspects ?? [];
}

const withAspect = new WeakMap<readonly Review[], Map<string, Review[]>>();

/**
 * The reviews annotated with aspect `id`, in their order. The reviews are grouped by aspect in one pass, remembered per
 * review list: a build renders a page per aspect over the same 100k reviews.
 */
export function reviewsWithAspect(reviews: readonly Review[], id: string): readonly Review[] {
  let groups = withAspect.get(reviews);
  if (!groups) {
    groups = new Map();
    for (const r of reviews) {
      for (const a of reviewAspects(r)) {
        const group = groups.get(a.aspect);
        if (!group) groups.set(a.aspect, [r]);
        else if (group.at(-1) !== r) group.push(r);
      }
    }
    withAspect.set(reviews, groups);
  }
  return groups.get(id) ?? [];
}

/** Whether any review carries aspect annotations. */
export function hasReviewAspects(reviews: readonly Review[]): boolean {
  return reviews.some((r) => Array.isArray((r as unknown as Loose)["aspects"]));
}

const countsOf = new WeakMap<readonly Review[], ReadonlyMap<string, Readonly<Record<Polarity, number>>>>();

/**
 * Positive, neutral and negative mentions per aspect id, counted over `reviews` (one per review and aspect); counted
 * once per review list, as a page may ask for the counts of the same list twice.
 */
export function countAspects(reviews: readonly Review[]): ReadonlyMap<string, Readonly<Record<Polarity, number>>> {
  let counts = countsOf.get(reviews);
  if (!counts) {
    counts = tallyAspects(reviews);
    countsOf.set(reviews, counts);
  }
  return counts;
}

function tallyAspects(reviews: readonly Review[]): Map<string, Record<Polarity, number>> {
  const counts = new Map<string, Record<Polarity, number>>();
  for (const r of reviews) {
    const aspects = reviewAspects(r);
    next: for (let i = 0; i < aspects.length; i++) {
      const a = aspects[i]!;
      // Once per review and aspect (the schema says so; a read-back review is not checked again).
      for (let j = 0; j < i; j++) if (aspects[j]!.aspect === a.aspect) continue next;
      let c = counts.get(a.aspect);
      if (!c) counts.set(a.aspect, (c = { positive: 0, neutral: 0, negative: 0 }));
      c[a.sentiment]++;
    }
  }
  return counts;
}

/**
 * One summary per aspect of the taxonomy (insights.aspects), most mentioned first. Counts come from the
 * reviews' annotations when they have them, else from whatever counts the aspect insight publishes.
 */
export function aspectSummaries(insights: Insights, reviews: readonly Review[]): AspectSummary[] {
  const fromReviews = hasReviewAspects(reviews) ? countAspects(reviews) : null;
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
  for (const k of keys) if (typeof a[k] === "number") return a[k] as number;
  return null;
}
