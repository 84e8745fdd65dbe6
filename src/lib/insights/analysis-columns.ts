// The engine's analyses of a dataset's reviews as columns, in the dataset's order: what /insights.json is aggregated
// from. Typed arrays of numbers rather than an object per review, so that 100k analyses are a few buffers the garbage
// collector never walks, and a rebuild can keep them in the release and splice the new reviews in.
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

/** Columns made review by review, from analyses or from other columns; `finish` numbers the strings in sorted order. */
export class ColumnsBuilder {
  readonly #numbers = new Map<string, number>();
  readonly #strings: string[] = [];
  readonly #label: number[] = [];
  readonly #score: number[] = [];
  readonly #findingStart: number[] = [0];
  readonly #aspect: number[] = [];
  readonly #polarity: number[] = [];
  readonly #strength: number[] = [];
  readonly #phraseStart: number[] = [0];
  readonly #phrase: number[] = [];
  readonly #problemStart: number[] = [0];
  readonly #problem: number[] = [];
  readonly #termStart: number[] = [0];
  readonly #term: number[] = [];

  #number(s: string): number {
    let n = this.#numbers.get(s);
    if (n === undefined) {
      n = this.#strings.push(s) - 1;
      this.#numbers.set(s, n);
    }
    return n;
  }

  add(analysis: ReviewAnalysis): void {
    this.#label.push(indexOf(LABELS, analysis.sentiment.label));
    this.#score.push(analysis.sentiment.score);
    for (const f of analysis.aspects) {
      this.#aspect.push(this.#number(f.aspect));
      this.#polarity.push(indexOf(POLARITIES, f.sentiment));
      this.#strength.push(f.score);
      for (const p of f.phrases) this.#phrase.push(this.#number(p));
      this.#phraseStart.push(this.#phrase.length);
    }
    this.#findingStart.push(this.#aspect.length);
    for (const p of analysis.problems) this.#problem.push(this.#number(p));
    this.#problemStart.push(this.#problem.length);
    for (const t of analysis.terms) this.#term.push(this.#number(t));
    this.#termStart.push(this.#term.length);
  }

  /** The columns last added from, and their string numbers here (-1 until met). */
  #from: { columns: AnalysisColumns; numbers: Int32Array } | null = null;

  /** Review `k` of `from`, as it is there. */
  addFrom(from: AnalysisColumns, k: number): void {
    if (this.#from?.columns !== from)
      this.#from = { columns: from, numbers: new Int32Array(from.strings.length).fill(-1) };
    const { numbers } = this.#from;
    const n = (i: number) => (numbers[i] !== -1 ? numbers[i]! : (numbers[i] = this.#number(from.strings[i]!)));
    this.#label.push(from.label[k]!);
    this.#score.push(from.score[k]!);
    for (let f = from.findingStart[k]!; f < from.findingStart[k + 1]!; f++) {
      this.#aspect.push(n(from.aspect[f]!));
      this.#polarity.push(from.polarity[f]!);
      this.#strength.push(from.strength[f]!);
      for (let p = from.phraseStart[f]!; p < from.phraseStart[f + 1]!; p++) this.#phrase.push(n(from.phrase[p]!));
      this.#phraseStart.push(this.#phrase.length);
    }
    this.#findingStart.push(this.#aspect.length);
    for (let p = from.problemStart[k]!; p < from.problemStart[k + 1]!; p++) this.#problem.push(n(from.problem[p]!));
    this.#problemStart.push(this.#problem.length);
    for (let t = from.termStart[k]!; t < from.termStart[k + 1]!; t++) this.#term.push(n(from.term[t]!));
    this.#termStart.push(this.#term.length);
  }

  finish(): AnalysisColumns {
    const strings = [...this.#strings].sort();
    const sorted = new Map(strings.map((s, i) => [s, i]));
    const renumber = Uint32Array.from(this.#strings, (s) => sorted.get(s)!);
    const numbers = (values: number[]) => {
      const out = new Uint32Array(values.length);
      for (let i = 0; i < values.length; i++) out[i] = renumber[values[i]!]!;
      return out;
    };
    return Object.freeze({
      size: this.#label.length,
      strings,
      label: Uint8Array.from(this.#label),
      score: Float64Array.from(this.#score),
      findingStart: Uint32Array.from(this.#findingStart),
      aspect: numbers(this.#aspect),
      polarity: Uint8Array.from(this.#polarity),
      strength: Float64Array.from(this.#strength),
      phraseStart: Uint32Array.from(this.#phraseStart),
      phrase: numbers(this.#phrase),
      problemStart: Uint32Array.from(this.#problemStart),
      problem: numbers(this.#problem),
      termStart: Uint32Array.from(this.#termStart),
      term: numbers(this.#term),
    });
  }
}

function indexOf<T>(values: readonly T[], value: T): number {
  const i = values.indexOf(value);
  if (i === -1) throw new TypeError(`not one of ${values.join(", ")}: ${String(value)}`);
  return i;
}
