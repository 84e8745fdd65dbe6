// The trained aspect classifier at run time: per sentence, how likely each aspect is spoken of, in which clause, and how.
import { features } from "./features.ts";
import type { ModelFile } from "./model.ts";
import type { Reading } from "./read.ts";

export type Polarity3 = readonly [positive: number, negative: number, neutral: number];

export type Signals = {
  /** Per aspect: the highest probability over the review's sentences that the sentence speaks of it. */
  presence: Float64Array;
  /** Per aspect: the clause of that sentence whose features weigh most for it. */
  clause: Int32Array;
  /** Probabilities of positive, negative and neutral for an aspect judged in a clause (computed once per pair). */
  polarity(aspect: number, clause: number): Polarity3;
};

export type Classifier = {
  readonly aspects: readonly string[];
  /** `skip` marks tokens the classifier must not read (the business's own names). */
  read(r: Reading, skip: Uint8Array | null): Signals;
};

export function createClassifier(model: ModelFile): Classifier {
  const n = model.aspects.length;
  const presenceBias = Float64Array.from(model.presence.bias);
  const presenceRow = new Map<string, number>();
  const presence = new Float64Array(Object.keys(model.presence.weights).length * n);
  for (const [key, row] of Object.entries(model.presence.weights)) {
    presence.set(row, presenceRow.size * n);
    presenceRow.set(key, presenceRow.size);
  }
  const polarityRow = new Map<string, Float64Array>();
  for (const [key, row] of Object.entries(model.polarity.weights)) polarityRow.set(key, Float64Array.from(row));
  const aspectBias = model.aspects.map((a) => model.polarity.aspect_bias[a] ?? [0, 0, 0]);
  const prefixes = model.aspects.map((a) => `${a}|`);

  function read(r: Reading, skip: Uint8Array | null): Signals {
    const { t, layout } = r;
    const clauses = layout.clauses;
    const contribution = new Float64Array(clauses.length * n);
    const best = new Float64Array(n);
    const bestClause = new Int32Array(n).fill(-1);
    const z = new Float64Array(n);
    const addPresence = (key: string, token: number) => {
      const row = presenceRow.get(key);
      if (row === undefined) return;
      const at = row * n;
      const to = layout.clauseOf[token]! * n;
      for (let a = 0; a < n; a++) {
        const w = presence[at + a]!;
        z[a]! += w;
        contribution[to + a]! += w;
      }
    };
    for (let first = 0; first < clauses.length;) {
      const sentence = clauses[first]!.sentence;
      let end = first + 1;
      while (end < clauses.length && clauses[end]!.sentence === sentence) end++;
      z.set(presenceBias);
      features(t, clauses[first]!.start, clauses[end - 1]!.end, addPresence, skip);
      for (let a = 0; a < n; a++) {
        const p = sigmoid(z[a]!);
        if (p <= best[a]!) continue;
        best[a] = p;
        let carrier = first;
        for (let c = first + 1; c < end; c++)
          if (contribution[c * n + a]! > contribution[carrier * n + a]!) carrier = c;
        bestClause[a] = carrier;
      }
      first = end;
    }

    const memo = new Map<number, Polarity3>();
    const polarity = (aspect: number, clause: number): Polarity3 => {
      const key = aspect * clauses.length + clause;
      const known = memo.get(key);
      if (known) return known;
      const s = [...model.polarity.bias];
      const own = aspectBias[aspect]!;
      for (let k = 0; k < 3; k++) s[k]! += own[k]!;
      const prefix = prefixes[aspect]!;
      const add = (row: Float64Array | undefined) => {
        if (row) for (let k = 0; k < 3; k++) s[k]! += row[k]!;
      };
      const c = clauses[clause]!;
      features(
        t,
        c.start,
        c.end,
        (f) => {
          add(polarityRow.get(f));
          add(polarityRow.get(prefix + f));
        },
        skip,
      );
      const out = softmax(s);
      memo.set(key, out);
      return out;
    };
    return { presence: best, clause: bestClause, polarity };
  }
  return { aspects: model.aspects, read };
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function softmax(s: readonly number[]): Polarity3 {
  const m = Math.max(s[0]!, s[1]!, s[2]!);
  const e0 = Math.exp(s[0]! - m);
  const e1 = Math.exp(s[1]! - m);
  const e2 = Math.exp(s[2]! - m);
  const sum = e0 + e1 + e2;
  return [e0 / sum, e1 / sum, e2 / sum];
}
