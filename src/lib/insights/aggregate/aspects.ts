// Per-aspect insight: mentions by polarity, score, average rating, the phrases that signalled it, example reviews.
import type { AspectInsight } from "../../schema/insights.ts";
import type { Taxonomy } from "../taxonomy.ts";
import { round, share } from "./stats.ts";
import { POLARITIES } from "../analysis-columns.ts";
import type { Table } from "./tally.ts";

const EXAMPLES = 3;
const PHRASES = 5;
type Polarity = "positive" | "neutral" | "negative";
type Example = { id: string; strength: number; order: number };

export function aspectInsights(taxonomy: Taxonomy, table: Table, textCount: number): AspectInsight[] {
  const acc = new Map(
    taxonomy.aspects.map((a) => [
      a.id,
      {
        counts: { positive: 0, neutral: 0, negative: 0 },
        ratingSum: 0,
        /** By the phrase's string number. */
        phrases: new Map<number, Record<Polarity, number>>(),
        examples: { positive: [] as Example[], neutral: [] as Example[], negative: [] as Example[] },
      },
    ]),
  );
  const { columns: c, reviews, ratings } = table;
  // The taxonomy's aspects by their string number in the columns (undefined for an aspect it does not know).
  const accOf = c.strings.map((s) => acc.get(s));
  for (let k = 0; k < c.size; k++) {
    for (let f = c.findingStart[k]!; f < c.findingStart[k + 1]!; f++) {
      const a = accOf[c.aspect[f]!];
      if (!a) continue;
      const sentiment = POLARITIES[c.polarity[f]!]!;
      a.counts[sentiment]++;
      a.ratingSum += ratings[k]!;
      for (let p = c.phraseStart[f]!; p < c.phraseStart[f + 1]!; p++) {
        let counts = a.phrases.get(c.phrase[p]!);
        if (!counts) a.phrases.set(c.phrase[p]!, (counts = { positive: 0, neutral: 0, negative: 0 }));
        counts[sentiment]++;
      }
      keepBest(a.examples[sentiment], { id: reviews[k]!.id, strength: Math.abs(c.strength[f]!), order: k });
    }
  }
  return taxonomy.aspects.map((aspect) => {
    const a = acc.get(aspect.id)!;
    const { positive, neutral, negative } = a.counts;
    const n = positive + neutral + negative;
    return {
      id: aspect.id,
      label: aspect.label,
      description: aspect.description,
      mention_count: n,
      mention_share: share(n, textCount),
      counts: { ...a.counts },
      shares: { positive: share(positive, n), neutral: share(neutral, n), negative: share(negative, n) },
      score: n ? round((positive - negative) / n, 3) : null,
      average_rating: n ? round(a.ratingSum / n, 2) : null,
      top_phrases: topPhrases(a.phrases, c.strings),
      example_review_ids: {
        positive: a.examples.positive.map((e) => e.id),
        neutral: a.examples.neutral.map((e) => e.id),
        negative: a.examples.negative.map((e) => e.id),
      },
    };
  });
}

/** Keeps the EXAMPLES clearest judgements: strongest first, then newest (lower order), then id. */
function keepBest(list: Example[], e: Example): void {
  const better = (x: Example, y: Example) =>
    x.strength > y.strength ||
    (x.strength === y.strength && (x.order < y.order || (x.order === y.order && x.id < y.id)));
  if (list.length === EXAMPLES && !better(e, list[EXAMPLES - 1]!)) return;
  let i = list.length;
  while (i > 0 && better(e, list[i - 1]!)) i--;
  list.splice(i, 0, e);
  if (list.length > EXAMPLES) list.pop();
}

function topPhrases(
  phrases: Map<number, Record<Polarity, number>>,
  strings: readonly string[],
): AspectInsight["top_phrases"] {
  return [...phrases]
    .map(([n, c]) => {
      const text = strings[n]!;
      const count = c.positive + c.neutral + c.negative;
      const sentiment: Polarity =
        c.positive >= c.negative && c.positive >= c.neutral
          ? "positive"
          : c.negative >= c.neutral
            ? "negative"
            : "neutral";
      return { text, review_count: count, sentiment };
    })
    .sort((a, b) => b.review_count - a.review_count || (a.text < b.text ? -1 : 1))
    .slice(0, PHRASES);
}
