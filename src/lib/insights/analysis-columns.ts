// The engine's analyses of a dataset's reviews as columns, in the dataset's order: what /insights.json is aggregated
// from. Typed arrays of numbers rather than an object per review, so that 100k analyses are a few buffers the garbage
// collector never walks, and a rebuild can keep them in the release and splice the new reviews in.
import type { AspectTone } from "../schema/review.ts";
import type { AspectSentiment, ReviewAnalysis, ReviewSentimentLabel } from "./engine/analyze.ts";

export const LABELS = ["positive", "neutral", "negative", "mixed"] as const satisfies readonly ReviewSentimentLabel[];
export const POLARITIES = ["positive", "neutral", "negative"] as const satisfies readonly AspectSentiment[];

export type AnalysisColumns = Readonly<{
  size: number;
  /**
   * The strings the columns number (aspect ids, phrases, problem ids, terms), sorted: the same analyses give the same
   * columns whatever order they were met in.
   */
  strings: readonly string[];
  /** Per review: its sentiment label (index into LABELS) and score. */
  label: Uint8Array;
  score: Float64Array;
  /** Review k's aspect findings are findings [findingStart[k], findingStart[k + 1]), in the analysis's order. */
  findingStart: Uint32Array;
  /** Per finding: its aspect (a string number), polarity (index into POLARITIES) and score. */
  aspect: Uint32Array;
  polarity: Uint8Array;
  strength: Float64Array;
  /** Finding f's cue phrases are phrase [phraseStart[f], phraseStart[f + 1]) (string numbers). */
  phraseStart: Uint32Array;
  phrase: Uint32Array;
  /** Review k's problems and topic terms, as `findingStart` lays out its findings (string numbers). */
  problemStart: Uint32Array;
  problem: Uint32Array;
  termStart: Uint32Array;
  term: Uint32Array;
}>;

/** Where review k's analysis comes from: the analysis itself, or its position in the columns being continued. */
export type AnalysisSource = ReviewAnalysis | number;

/**
 * The columns of `sources.length` reviews, each an analysis or a position in `previous`: the same columns, whichever
 * way each review's analysis comes. Two passes (the strings and sizes, then the arrays), so that 100k reviews are a
 * few typed arrays filled in place rather than arrays grown one number at a time.
 */
export function columnsOf(sources: readonly AnalysisSource[], previous?: AnalysisColumns): AnalysisColumns {
  const size = sources.length;
  const taken = (k: number): number => {
    const p = sources[k] as number;
    if (!previous || !Number.isInteger(p) || p < 0 || p >= previous.size)
      throw new RangeError(`review ${k}: no position ${p} in the columns continued`);
    return p;
  };
  // Pass 1: every string used, and how many findings, phrases, problems and terms there are.
  const used = new Set<string>();
  let findings = 0;
  let phrases = 0;
  let problems = 0;
  let terms = 0;
  // The strings of `previous` that the reviews taken from it use, by number.
  const usedBefore = new Uint8Array(previous?.strings.length ?? 0);
  const mark = (numbers: Uint32Array, from: number, to: number) => {
    for (let q = from; q < to; q++) usedBefore[numbers[q]!] = 1;
    return to - from;
  };
  for (let k = 0; k < size; k++) {
    const source = sources[k]!;
    if (typeof source === "number") {
      const c = previous!;
      const p = taken(k);
      const [f0, f1] = [c.findingStart[p]!, c.findingStart[p + 1]!];
      findings += mark(c.aspect, f0, f1);
      phrases += mark(c.phrase, c.phraseStart[f0]!, c.phraseStart[f1]!);
      problems += mark(c.problem, c.problemStart[p]!, c.problemStart[p + 1]!);
      terms += mark(c.term, c.termStart[p]!, c.termStart[p + 1]!);
    } else {
      findings += source.aspects.length;
      for (const a of source.aspects) {
        used.add(a.aspect);
        phrases += a.phrases.length;
        for (const phrase of a.phrases) used.add(phrase);
      }
      problems += source.problems.length;
      for (const problem of source.problems) used.add(problem);
      terms += source.terms.length;
      for (const term of source.terms) used.add(term);
    }
  }
  usedBefore.forEach((u, n) => u && used.add(previous!.strings[n]!));
  const strings = [...used].sort();
  const numberOf = new Map(strings.map((s, n) => [s, n]));
  const renumber = Uint32Array.from(previous?.strings ?? [], (s) => numberOf.get(s) ?? 0);
  /** Copies `numbers[from, to)` of `previous`, renumbered, into `into` at `at`; returns where the copy ends. */
  const copy = (numbers: Uint32Array, from: number, to: number, into: Uint32Array, at: number) => {
    for (let q = from; q < to; q++) into[at++] = renumber[numbers[q]!]!;
    return at;
  };

  // Pass 2: the arrays.
  const out = {
    size,
    strings,
    label: new Uint8Array(size),
    score: new Float64Array(size),
    findingStart: new Uint32Array(size + 1),
    aspect: new Uint32Array(findings),
    polarity: new Uint8Array(findings),
    strength: new Float64Array(findings),
    phraseStart: new Uint32Array(findings + 1),
    phrase: new Uint32Array(phrases),
    problemStart: new Uint32Array(size + 1),
    problem: new Uint32Array(problems),
    termStart: new Uint32Array(size + 1),
    term: new Uint32Array(terms),
  };
  let [f, ph, pr, t] = [0, 0, 0, 0];
  for (let k = 0; k < size; k++) {
    const source = sources[k]!;
    if (typeof source === "number") {
      const c = previous!;
      const p = source;
      out.label[k] = c.label[p]!;
      out.score[k] = c.score[p]!;
      for (let g = c.findingStart[p]!; g < c.findingStart[p + 1]!; g++, f++) {
        out.aspect[f] = renumber[c.aspect[g]!]!;
        out.polarity[f] = c.polarity[g]!;
        out.strength[f] = c.strength[g]!;
        ph = copy(c.phrase, c.phraseStart[g]!, c.phraseStart[g + 1]!, out.phrase, ph);
        out.phraseStart[f + 1] = ph;
      }
      pr = copy(c.problem, c.problemStart[p]!, c.problemStart[p + 1]!, out.problem, pr);
      t = copy(c.term, c.termStart[p]!, c.termStart[p + 1]!, out.term, t);
    } else {
      out.label[k] = indexOf(LABELS, source.sentiment.label);
      out.score[k] = source.sentiment.score;
      for (const a of source.aspects) {
        out.aspect[f] = numberOf.get(a.aspect)!;
        out.polarity[f] = indexOf(POLARITIES, a.sentiment);
        out.strength[f] = a.score;
        for (const phrase of a.phrases) out.phrase[ph++] = numberOf.get(phrase)!;
        out.phraseStart[++f] = ph;
      }
      for (const problem of source.problems) out.problem[pr++] = numberOf.get(problem)!;
      for (const term of source.terms) out.term[t++] = numberOf.get(term)!;
    }
    out.findingStart[k + 1] = f;
    out.problemStart[k + 1] = pr;
    out.termStart[k + 1] = t;
  }
  return Object.freeze(out);
}

function indexOf<T>(values: readonly T[], value: T): number {
  const i = values.indexOf(value);
  if (i === -1) throw new TypeError(`not one of ${values.join(", ")}: ${String(value)}`);
  return i;
}

/**
 * Review k's aspects without their evidence, as its published `aspects` list them (one per finding, in order): lists
 * of the same aspects judged the same way are one frozen array.
 */
export function aspectTonesOf(columns: AnalysisColumns): (k: number) => readonly AspectTone[] {
  const lists = new Map<string, readonly AspectTone[]>();
  const tones = new Map<number, AspectTone>();
  return (k) => {
    const [from, to] = [columns.findingStart[k]!, columns.findingStart[k + 1]!];
    const numbers: number[] = [];
    for (let f = from; f < to; f++) numbers.push(columns.aspect[f]! * POLARITIES.length + columns.polarity[f]!);
    const key = numbers.join();
    let list = lists.get(key);
    if (!list) {
      const made: AspectTone[] = [];
      for (const n of numbers) {
        let tone = tones.get(n);
        if (!tone)
          tones.set(
            n,
            (tone = Object.freeze({
              aspect: columns.strings[Math.floor(n / POLARITIES.length)]!,
              sentiment: POLARITIES[n % POLARITIES.length]!,
            })),
          );
        made.push(tone);
      }
      lists.set(key, (list = Object.freeze(made)));
    }
    return list;
  };
}
