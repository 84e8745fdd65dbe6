// The trained aspect classifier at run time: per sentence, how likely each aspect is spoken of, in which clause, and how.
import { features, type Sink, stem } from "./features.ts";
import type { ModelFile } from "./model.ts";
import type { Reading } from "./read.ts";
import type { Layout } from "./segment.ts";

/** Spellings whose feature rows are remembered; the memo starts over past this. */
const MEMO_LIMIT = 100_000;

export type Polarity3 = readonly [positive: number, negative: number, neutral: number];

type Weighed = { inside: number; known: boolean; without: number };

export type Signals = {
  /** Per aspect: the highest probability over the review's sentences that the sentence speaks of it. */
  presence: Float64Array;
  /** The clause of that sentence whose features weigh most for an aspect (-1 for an empty text). */
  clause(aspect: number): number;
  /** Probabilities of positive, negative and neutral for an aspect judged in a clause (computed once per pair). */
  polarity(aspect: number, clause: number): Polarity3;
  /**
   * What the features standing in some token ranges (cue words) weigh for an aspect in the sentence of a clause:
   * `inside` their summed weight (`known` when the model has any of them), `without` the probability without their
   * support (never above the sentence's).
   */
  weigh(aspect: number, clause: number, ranges: readonly (readonly [number, number])[]): Weighed;
};

export type Classifier = {
  readonly aspects: readonly string[];
  read(r: Reading): Signals;
};

/**
 * Each feature has one row number for all it weighs: presence per aspect, and polarity (shared, then per aspect), so
 * that a review's features are looked up once, by sentence, and polarity reads back the ones in its clause.
 */
export function createClassifier(model: ModelFile): Classifier {
  const n = model.aspects.length;
  const width = n + 3 + 3 * n;
  const rowOf = new Map<string, number>();
  const rows: number[][] = [];
  const row = (key: string) => {
    let at = rowOf.get(key);
    if (at === undefined) {
      at = rows.length;
      rowOf.set(key, at);
      rows.push(new Array<number>(width).fill(0));
    }
    return rows[at]!;
  };
  for (const [key, weights] of Object.entries(model.presence.weights)) row(key).splice(0, n, ...weights);
  const aspectIndex = new Map(model.aspects.map((a, i) => [a, i]));
  for (const [key, weights] of Object.entries(model.polarity.weights)) {
    const bar = key.indexOf("|");
    const aspect = bar < 0 ? undefined : aspectIndex.get(key.slice(0, bar));
    if (aspect === undefined) row(key).splice(n, 3, ...weights);
    else row(key.slice(bar + 1)).splice(n + 3 + 3 * aspect, 3, ...weights);
  }
  // Presence weights apart from polarity's, in single precision: the rows read for every sentence stay few and close.
  const presenceTable = Float32Array.from(rows.flatMap((r) => r.slice(0, n)));
  const polarityTable = Float32Array.from(rows.flatMap((r) => r.slice(n)));
  const polarityWidth = width - n;
  const weighsPresence = Uint8Array.from(rows, (r) => (r.slice(0, n).some((w) => w !== 0) ? 1 : 0));
  const presenceBias = Float64Array.from(model.presence.bias);
  // Pairs are looked up word by word, and words once per spelling: no feature name is built while reading a review.
  const pairRows = new Map<string, Map<string, number>>();
  for (const [key, at] of rowOf) {
    if (!key.startsWith("b:")) continue;
    const [first, second] = key.slice(2).split("_") as [string, string];
    const next = pairRows.get(first) ?? new Map<string, number>();
    pairRows.set(first, next.set(second, at));
  }
  const wordRows = new Map<string, Int32Array>();
  const rowsOfWord = (word: string): Int32Array => {
    let found = wordRows.get(word);
    if (found) return found;
    const stemmed = stem(word);
    found = Int32Array.of(
      rowOf.get(`u:${word}`) ?? -1,
      stemmed === word ? -1 : (rowOf.get(`s:${stemmed}`) ?? -1),
      rowOf.get(`n:${stemmed}`) ?? -1,
    );
    if (wordRows.size >= MEMO_LIMIT) wordRows.clear();
    wordRows.set(word, found);
    return found;
  };
  const polarityBias = model.aspects.map((a) => {
    const own = model.polarity.aspect_bias[a] ?? [0, 0, 0];
    return [0, 1, 2].map((k) => model.polarity.bias[k]! + own[k]!);
  });

  function read(r: Reading): Signals {
    const { t, layout } = r;
    const skip = r.ignored();
    const clauses = layout.clauses;
    const best = new Float64Array(n);
    const bestFirst = new Int32Array(n).fill(-1);
    const bestEnd = new Int32Array(n);
    const z = new Float64Array(n);
    const logits = new Float64Array(layout.sentences * n);
    const seenRow: number[] = [];
    const seenToken: number[] = [];
    const use = (at: number, token: number) => {
      if (at < 0) return;
      seenRow.push(at);
      seenToken.push(token);
      if (!weighsPresence[at]) return;
      const from = at * n;
      for (let a = 0; a < n; a++) z[a]! += presenceTable[from + a]!;
    };
    const sink: Sink = {
      word(word, negated, token) {
        const rows = rowsOfWord(word);
        use(rows[0]!, token);
        use(rows[1]!, token);
        if (negated) use(rows[2]!, token);
      },
      pair: (first, second, token) => use(pairRows.get(first)?.get(second) ?? -1, token),
      mark: (symbol, token) => use(rowOf.get(`u:${symbol}`) ?? -1, token),
    };
    for (let first = 0; first < clauses.length;) {
      const end = sentenceEnd(layout, first);
      z.set(presenceBias);
      features(t, clauses[first]!.start, clauses[end - 1]!.end, sink, skip);
      logits.set(z, clauses[first]!.sentence * n);
      for (let a = 0; a < n; a++) {
        const p = sigmoid(z[a]!);
        if (p <= best[a]!) continue;
        best[a] = p;
        bestFirst[a] = first;
        bestEnd[a] = end;
      }
      first = end;
    }

    // The carrying clause is found when asked: most aspects are too unlikely to be.
    const carriers = new Int32Array(n).fill(-2);
    const clause = (aspect: number): number => {
      if (carriers[aspect] !== -2) return carriers[aspect]!;
      const first = bestFirst[aspect]!;
      if (first < 0) return (carriers[aspect] = -1);
      const from = clauses[first]!.start;
      const to = clauses[bestEnd[aspect]! - 1]!.end;
      const sums = new Float64Array(bestEnd[aspect]! - first);
      for (let i = 0; i < seenRow.length; i++) {
        const token = seenToken[i]!;
        if (token >= from && token < to)
          sums[layout.clauseOf[token]! - first]! += presenceTable[seenRow[i]! * n + aspect]!;
      }
      let carrier = 0;
      for (let c = 1; c < sums.length; c++) if (sums[c]! > sums[carrier]!) carrier = c;
      return (carriers[aspect] = first + carrier);
    };

    const memo = new Map<number, Polarity3>();
    const polarity = (aspect: number, clause: number): Polarity3 => {
      const key = aspect * clauses.length + clause;
      const known = memo.get(key);
      if (known) return known;
      const s = [...polarityBias[aspect]!];
      const { start, end } = clauses[clause]!;
      const own = 3 + 3 * aspect;
      for (let i = 0; i < seenRow.length; i++) {
        if (seenToken[i]! < start || seenToken[i]! >= end) continue;
        const from = seenRow[i]! * polarityWidth;
        for (let k = 0; k < 3; k++) s[k]! += polarityTable[from + k]! + polarityTable[from + own + k]!;
      }
      const out = softmax(s);
      memo.set(key, out);
      return out;
    };
    const weigh = (aspect: number, clause: number, ranges: readonly (readonly [number, number])[]): Weighed => {
      const sentence = clauses[clause]!.sentence;
      let inside = 0;
      let known = false;
      for (let i = 0; i < seenRow.length; i++) {
        const token = seenToken[i]!;
        if (clauses[layout.clauseOf[token]!]!.sentence !== sentence) continue;
        if (!ranges.some(([from, to]) => token >= from && token < to)) continue;
        inside += presenceTable[seenRow[i]! * n + aspect]!;
        known ||= weighsPresence[seenRow[i]!] === 1;
      }
      // Only what the ranges add is taken away: without them, the aspect is never likelier than with them.
      return { inside, known, without: sigmoid(logits[sentence * n + aspect]! - Math.max(0, inside)) };
    };
    return { presence: best, clause, polarity, weigh };
  }
  return { aspects: model.aspects, read };
}

/** The clause after the last one of the sentence that clause `first` opens. */
export function sentenceEnd(layout: Layout, first: number): number {
  const clauses = layout.clauses;
  let end = first + 1;
  while (end < clauses.length && clauses[end]!.sentence === clauses[first]!.sentence) end++;
  return end;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function softmax(s: readonly number[]): Polarity3 {
  const m = Math.max(s[0]!, s[1]!, s[2]!);
  const e0 = Math.exp(s[0]! - m);
  const e1 = Math.exp(s[1]! - m);
  const e2 = Math.exp(s[2]! - m);
  const sum = e0 + e1 + e2;
  return [e0 / sum, e1 / sum, e2 / sum];
}
