// Accumulates the reviews of one group (an entity, a topic, a month): ratings, sentiment labels and aspect judgements.
import { type AnalysisColumns, LABELS, POLARITIES } from "../analysis-columns.ts";
import type { Review } from "../../schema/review.ts";
import type { SentimentBreakdown } from "../../schema/insights.ts";
import { round, share } from "./stats.ts";

/**
 * The published reviews (newest first) joined with the engine's analyses of them: what every aggregate reads. Review k
 * is `reviews[k]`, its analysis review k of `columns`.
 */
export type Table = Readonly<{
  reviews: readonly Review[];
  columns: AnalysisColumns;
  ratings: Uint8Array;
  /** 1 where the engine read the review's text (its language is one it reads) and the text is not blank. */
  hasText: Uint8Array;
}>;

type PolarityCounts = { positive: number; neutral: number; negative: number };
export type AspectMentions = { aspect: string; mention_count: number; counts: PolarityCounts; score: number };

const EXAMPLES = 5;

export class Tally {
  n = 0;
  #ratingSum = 0;
  #scoreSum = 0;
  readonly #labels = { positive: 0, neutral: 0, negative: 0, mixed: 0 };
  /** By the aspect's string number in the columns. */
  readonly #aspects = new Map<number, PolarityCounts>();
  readonly examples: string[] = [];
  readonly #table: Table;

  constructor(table: Table) {
    this.#table = table;
  }

  /** Adds review `k` of the table. */
  add(k: number): void {
    const { columns: c, ratings, reviews } = this.#table;
    this.n++;
    this.#ratingSum += ratings[k]!;
    this.#scoreSum += c.score[k]!;
    this.#labels[LABELS[c.label[k]!]!]++;
    for (let f = c.findingStart[k]!; f < c.findingStart[k + 1]!; f++) {
      let counts = this.#aspects.get(c.aspect[f]!);
      if (!counts) this.#aspects.set(c.aspect[f]!, (counts = { positive: 0, neutral: 0, negative: 0 }));
      counts[POLARITIES[c.polarity[f]!]!]++;
    }
    if (this.examples.length < EXAMPLES) this.examples.push(reviews[k]!.id);
  }

  averageRating(): number | null {
    return this.n ? round(this.#ratingSum / this.n, 2) : null;
  }

  breakdown(): SentimentBreakdown {
    const l = this.#labels;
    return {
      score: this.n ? round(this.#scoreSum / this.n, 3) : null,
      counts: { ...l },
      shares: {
        positive: share(l.positive, this.n),
        neutral: share(l.neutral, this.n),
        negative: share(l.negative, this.n),
        mixed: share(l.mixed, this.n),
      },
    };
  }

  /** The `k` aspects judged most often (ties by aspect id). */
  topAspects(k = 3): AspectMentions[] {
    const { strings } = this.#table.columns;
    return [...this.#aspects]
      .map(([n, counts]) => {
        const aspect = strings[n]!;
        const m = counts.positive + counts.neutral + counts.negative;
        return {
          aspect,
          mention_count: m,
          counts: { ...counts },
          score: round((counts.positive - counts.negative) / m, 3),
        };
      })
      .sort((a, b) => b.mention_count - a.mention_count || (a.aspect < b.aspect ? -1 : 1))
      .slice(0, k);
  }
}
