// The engine's analyses of a dataset's reviews as columns, in the dataset's order: what /insights.json is aggregated
// from. Typed arrays of numbers rather than an object per review, so that 100k analyses are a few buffers the garbage
// collector never walks.
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

/**
 * The columns of the reviews' `analyses`, in their order. Two passes (the strings and sizes, then the arrays), so that
 * 100k reviews are a few typed arrays filled in place rather than arrays grown one number at a time.
 */
export function columnsOf(analyses: readonly ReviewAnalysis[]): AnalysisColumns {
  const size = analyses.length;
  // Pass 1: every string used, and how many findings, phrases, problems and terms there are.
  const used = new Set<string>();
  let [findings, phrases, problems, terms] = [0, 0, 0, 0];
  for (const analysis of analyses) {
    findings += analysis.aspects.length;
    for (const a of analysis.aspects) {
      used.add(a.aspect);
      phrases += a.phrases.length;
      for (const phrase of a.phrases) used.add(phrase);
    }
    problems += analysis.problems.length;
    for (const problem of analysis.problems) used.add(problem);
    terms += analysis.terms.length;
    for (const term of analysis.terms) used.add(term);
  }
  const strings = [...used].sort();
  const numberOf = new Map(strings.map((s, n) => [s, n]));

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
  analyses.forEach((analysis, k) => {
    out.label[k] = indexOf(LABELS, analysis.sentiment.label);
    out.score[k] = analysis.sentiment.score;
    for (const a of analysis.aspects) {
      out.aspect[f] = numberOf.get(a.aspect)!;
      out.polarity[f] = indexOf(POLARITIES, a.sentiment);
      out.strength[f] = a.score;
      for (const phrase of a.phrases) out.phrase[ph++] = numberOf.get(phrase)!;
      out.phraseStart[++f] = ph;
    }
    for (const problem of analysis.problems) out.problem[pr++] = numberOf.get(problem)!;
    for (const term of analysis.terms) out.term[t++] = numberOf.get(term)!;
    out.findingStart[k + 1] = f;
    out.problemStart[k + 1] = pr;
    out.termStart[k + 1] = t;
  });
  return Object.freeze(out);
}

function indexOf<T>(values: readonly T[], value: T): number {
  const i = values.indexOf(value);
  if (i === -1) throw new TypeError(`not one of ${values.join(", ")}: ${String(value)}`);
  return i;
}
