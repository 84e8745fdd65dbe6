// The review lists the pages report on (all reviews, each aspect's, each catalog entry's) and their statistics,
// gathered in one pass over the reviews: a build renders a page per aspect, technician and service over 100k reviews.
import { MonthTally, monthIndex, type TimeSeries } from "../../lib/charts/series.ts";
import { RatingTally, reviewHasText } from "../../lib/reviews/aggregate.ts";
import type { CatalogKind } from "../../lib/schema/business.ts";
import type { AggregateRating } from "../../lib/schema/dataset.ts";
import type { AspectTone, Review } from "../../lib/schema/review.ts";
import type { Polarity } from "./review-aspects.ts";

export type AspectCounts = ReadonlyMap<string, Readonly<Record<Polarity, number>>>;

/** Some reviews, in their list's order, with their aspect counts, aggregate rating and time series. */
export class ReviewGroup {
  readonly #reviews: Review[] = [];
  readonly #aspects = new Map<string, Record<Polarity, number>>();
  readonly #rating = new RatingTally();
  readonly #months = new MonthTally();
  #annotated = false;

  /** Adds `review`, whose month, text presence and distinct aspects the caller has read once for all its groups. */
  add(review: Review, month: number, withText: boolean, aspects: readonly AspectTone[] | null): void {
    this.#reviews.push(review);
    this.#rating.add(review.rating, withText);
    this.#months.add(month, review.rating);
    if (!aspects) return;
    this.#annotated = true;
    for (const a of aspects) {
      const c = this.#aspects.get(a.aspect);
      if (c) c[a.sentiment]++;
      else this.#aspects.set(a.aspect, { positive: 0, neutral: 0, negative: 0, [a.sentiment]: 1 });
    }
  }

  get reviews(): readonly Review[] {
    return this.#reviews;
  }

  /** Whether any of the reviews carries aspect annotations (an empty list of them counts). */
  get annotated(): boolean {
    return this.#annotated;
  }

  /** Positive, neutral and negative mentions per aspect id, one per review and aspect. */
  get aspects(): AspectCounts {
    return this.#aspects;
  }

  rating(): AggregateRating {
    return this.#rating.aggregate();
  }

  series(): TimeSeries {
    return this.#months.series();
  }
}

/** The groups of one review list. A list, a kind or an id with no reviews gives an empty group. */
export class ReviewGroups {
  readonly all = new ReviewGroup();
  readonly #aspects = new Map<string, ReviewGroup>();
  readonly #entries = new Map<string, Map<string, ReviewGroup>>();

  constructor(reviews: readonly Review[]) {
    for (const review of reviews) {
      const month = monthIndex(review.date);
      const withText = reviewHasText(review);
      const tones = review.aspects;
      const aspects = Array.isArray(tones) ? distinctAspects(tones) : null;
      this.all.add(review, month, withText, aspects);
      for (const a of aspects ?? []) groupIn(this.#aspects, a.aspect).add(review, month, withText, aspects);
      for (const kind in review.mentions) {
        let byId = this.#entries.get(kind);
        if (!byId) this.#entries.set(kind, (byId = new Map<string, ReviewGroup>()));
        for (const id of review.mentions[kind as CatalogKind]) {
          const group = groupIn(byId, id);
          // Once per review, however often it names the entry.
          if (group.reviews.at(-1) !== review) group.add(review, month, withText, aspects);
        }
      }
    }
  }

  /** The reviews annotated with aspect `id`. */
  aspect(id: string): ReviewGroup {
    return this.#aspects.get(id) ?? new ReviewGroup();
  }

  /** The reviews mentioning catalog entry `id` of `kind`. */
  entry(kind: CatalogKind, id: string): ReviewGroup {
    return this.#entries.get(kind)?.get(id) ?? new ReviewGroup();
  }
}

const groupsOf = new WeakMap<readonly Review[], ReviewGroups>();

/** The groups of `reviews`, gathered once per review list. */
export function reviewGroups(reviews: readonly Review[]): ReviewGroups {
  let groups = groupsOf.get(reviews);
  if (!groups) groupsOf.set(reviews, (groups = new ReviewGroups(reviews)));
  return groups;
}

function groupIn(groups: Map<string, ReviewGroup>, key: string): ReviewGroup {
  let group = groups.get(key);
  if (!group) groups.set(key, (group = new ReviewGroup()));
  return group;
}

/** The review's aspects, once each (the schema says so; a read-back review is not checked again, so the first wins). */
function distinctAspects(aspects: readonly AspectTone[]): readonly AspectTone[] {
  for (let i = 1; i < aspects.length; i++) {
    for (let j = 0; j < i; j++) {
      if (aspects[j]!.aspect === aspects[i]!.aspect)
        return aspects.filter((a, k) => aspects.findIndex((b) => b.aspect === a.aspect) === k);
    }
  }
  return aspects;
}
