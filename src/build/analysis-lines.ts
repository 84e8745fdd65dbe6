// How the insights cache stores an analysis on one line: a JSON array of numbers and string numbers, where each line
// adds the strings it is the first to use to a table that grows down the file, and evidence is a span of the review's
// text. A 100k-review cache is then 10 MB instead of 42 MB, and reading it back makes each phrase once, not per review.
import type { ReviewAnalysis } from "../lib/insights/engine/analyze.ts";

const LABELS = ["positive", "neutral", "negative", "mixed"] as const;
/** An aspect's judgement: never mixed. */
const POLARITIES = ["positive", "neutral", "negative"] as const;

/** Evidence as [start, end) of the text, or the string itself where the text does not hold it. */
type Evidence = [number, number] | string;
type AspectCells = [aspect: number, sentiment: number, score: number, evidence: Evidence, phrases: number[]];
/** A line as stored: its key, the strings it adds to the table, and the analysis with strings as table numbers. */
type Cells = [
  key: string,
  added: string[],
  label: number,
  score: number,
  aspects: AspectCells[],
  problems: number[],
  terms: number[],
];

/** The strings of a file, in order; what its next line may refer to. */
export class StringTable {
  readonly #strings: string[] = [];
  readonly #numbers = new Map<string, number>();

  get size(): number {
    return this.#strings.length;
  }

  at(n: number): string {
    const s = this.#strings[n];
    if (s === undefined) throw new RangeError(`no string ${n}`);
    return s;
  }

  number(s: string, added: string[]): number {
    let n = this.#numbers.get(s);
    if (n === undefined) {
      this.add(s);
      added.push(s);
      n = this.#strings.length - 1;
    }
    return n;
  }

  add(s: string): void {
    if (!this.#numbers.has(s)) this.#numbers.set(s, this.#strings.length);
    this.#strings.push(s);
  }

  truncate(size: number): void {
    for (const s of this.#strings.splice(size)) if (this.#numbers.get(s)! >= size) this.#numbers.delete(s);
  }
}

/** The line for `analysis` of `text` (without its newline); adds the strings it uses to `table`. */
export function analysisLine(key: string, text: string | null, analysis: ReviewAnalysis, table: StringTable): string {
  const added: string[] = [];
  const n = (s: string) => table.number(s, added);
  const cells: Cells = [
    key,
    added,
    LABELS.indexOf(analysis.sentiment.label),
    analysis.sentiment.score,
    analysis.aspects.map((a): AspectCells => {
      const at = text === null ? -1 : text.indexOf(a.evidence);
      return [
        n(a.aspect),
        POLARITIES.indexOf(a.sentiment),
        a.score,
        at === -1 ? a.evidence : [at, at + a.evidence.length],
        a.phrases.map(n),
      ];
    }),
    analysis.problems.map(n),
    analysis.terms.map(n),
  ];
  return JSON.stringify(cells);
}

/** A line read back: its key, and the analysis of the text it was made from (which gives the evidence back). */
export type StoredAnalysis = { key: string; analysis: (text: string | null) => ReviewAnalysis };

/**
 * Reads a line, adding its strings to `table`; null, with the table as it was, for a line that is not one (torn by a
 * killed build, or foreign). Later lines number their strings as if it were not there, as the writer did.
 */
export function readAnalysisLine(line: string, table: StringTable): StoredAnalysis | null {
  const before = table.size;
  try {
    const cells = JSON.parse(line) as Cells;
    const [key, added, label, score, aspects, problems, terms] = cells;
    if (typeof key !== "string" || !added.every((s) => typeof s === "string")) return null;
    for (const s of added) table.add(s);
    // Checked whole here, so that making the analysis when a review asks for it cannot fail.
    const size = table.size;
    const below = (n: number, limit: number) => Number.isInteger(n) && n >= 0 && n < limit;
    const strings = (ns: number[]) => ns.every((n) => below(n, size)) || fail();
    if (!below(label, LABELS.length) || typeof score !== "number") fail();
    for (const [aspect, polarity, strength, evidence, phrases] of aspects) {
      if (!below(aspect, size) || !below(polarity, POLARITIES.length) || typeof strength !== "number") fail();
      if (typeof evidence !== "string" && !(typeof evidence[0] === "number" && typeof evidence[1] === "number")) fail();
      strings(phrases);
    }
    strings(problems);
    strings(terms);
    return { key, analysis: (text) => analysisOf(cells, text, table) };
  } catch {
    // Not JSON, not of this shape, or naming a string the table does not hold: as if the line were not there.
    table.truncate(before);
    return null;
  }
}

function analysisOf(cells: Cells, text: string | null, table: StringTable): ReviewAnalysis {
  const [, , label, score, aspects, problems, terms] = cells;
  const strings = (ns: number[]) => ns.map((n) => table.at(n));
  return {
    sentiment: { label: LABELS[label]!, score },
    aspects: aspects.map(([aspect, polarity, strength, evidence, phrases]) => ({
      aspect: table.at(aspect),
      sentiment: POLARITIES[polarity]!,
      evidence: typeof evidence === "string" ? evidence : (text ?? "").slice(evidence[0], evidence[1]),
      score: strength,
      phrases: strings(phrases),
    })),
    problems: strings(problems),
    terms: strings(terms),
  };
}

function fail(): never {
  throw new TypeError("not an analysis line");
}
