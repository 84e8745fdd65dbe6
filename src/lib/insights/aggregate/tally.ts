// Accumulates the reviews of one group (an entity, a topic, a month): ratings, sentiment labels and aspect judgements.
import type { ReviewAnalysis } from "../engine/analyze.ts";
import type { SentimentBreakdown } from "../../schema/insights.ts";
import { round, share } from "./stats.ts";

/** One published review joined with the engine's full analysis of it. Rows are kept newest first. */
export type Row = {
  id: string;
  date: string;
  rating: number;
  hasText: boolean;
  text: string | null;
  analysis: ReviewAnalysis;
};

type PolarityCounts = { positive: number; neutral: number; negative: number };
export type AspectMentions = { aspect: string; mention_count: number; counts: PolarityCounts; score: number };

const EXAMPLES = 5;

export class Tally {
  n = 0;
  #ratingSum = 0;
  #scoreSum = 0;
  readonly #labels = { positive: 0, neutral: 0, negative: 0, mixed: 0 };
  readonly #aspects = new Map<string, PolarityCounts>();
  readonly examples: string[] = [];

  add(row: Row): void {
    this.n++;
    this.#ratingSum += row.rating;
    this.#scoreSum += row.analysis.sentiment.score;
    this.#labels[row.analysis.sentiment.label]++;
    for (const a of row.analysis.aspects) {
      let c = this.#aspects.get(a.aspect);
      if (!c) this.#aspects.set(a.aspect, (c = { positive: 0, neutral: 0, negative: 0 }));
      c[a.sentiment]++;
    }
    if (this.examples.length < EXAMPLES) this.examples.push(row.id);
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
    return [...this.#aspects]
      .map(([aspect, counts]) => {
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
