// Labelled sentences as training examples: the classifier's features counted per sentence (presence) or in the clause
// that carries an aspect (polarity), over a vocabulary of the features seen often enough.
import { sentenceEnd } from "../engine/classifier.ts";
import { features, keyed } from "../engine/features.ts";
import type { Reading } from "../engine/read.ts";
import type { Example } from "./ftrl.ts";

export type Counts = Map<string, number>;

/** Every sentence's features, as the classifier reads them (word pairs never span two sentences). */
export function textFeatures(r: Reading): Counts {
  const counts: Counts = new Map();
  const emit = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const clauses = r.layout.clauses;
  const skip = r.ignored();
  for (let first = 0; first < clauses.length;) {
    const end = sentenceEnd(r.layout, first);
    features(r.t, clauses[first]!.start, clauses[end - 1]!.end, keyed(emit), skip);
    first = end;
  }
  return counts;
}

/**
 * The features of a sentence that stand in one of its clauses, as the classifier reads them for polarity, each also as
 * `aspect|feature`, and the aspect's own bias `aspect|#bias`.
 */
export function clauseFeatures(r: Reading, clause: number, aspect: string): Counts {
  const counts: Counts = new Map([[`${aspect}|#bias`, 1]]);
  const clauses = r.layout.clauses;
  let first = clause;
  while (first > 0 && clauses[first - 1]!.sentence === clauses[clause]!.sentence) first--;
  const { start, end } = clauses[clause]!;
  const emit = (key: string, token: number) => {
    if (token < start || token >= end) return;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    counts.set(`${aspect}|${key}`, (counts.get(`${aspect}|${key}`) ?? 0) + 1);
  };
  features(r.t, clauses[first]!.start, clauses[sentenceEnd(r.layout, first) - 1]!.end, keyed(emit), r.ignored());
  return counts;
}

/** Features in at least `minCount` examples, numbered from 1 in code-point order (0 is the bias). */
export function vocabulary(all: readonly Counts[], minCount: number): Map<string, number> {
  const documents = new Map<string, number>();
  for (const counts of all) for (const key of counts.keys()) documents.set(key, (documents.get(key) ?? 0) + 1);
  const kept = [...documents].filter(([, n]) => n >= minCount).map(([key]) => key);
  kept.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(kept.map((key, i) => [key, i + 1]));
}

export function toExample(counts: Counts, vocab: ReadonlyMap<string, number>, target: Float64Array): Example {
  const pairs: [number, number][] = [[0, 1]];
  for (const [key, n] of counts) {
    const at = vocab.get(key);
    if (at !== undefined) pairs.push([at, n]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  return { index: Int32Array.from(pairs, (p) => p[0]), value: Float64Array.from(pairs, (p) => p[1]), target };
}
