// How the insights cache stores an analysis and the text's language on one line: a JSON array of numbers and string
// numbers, where each line adds the strings it is the first to use to a table that grows down the file, and evidence is
// a span of the text. A cache then holds each phrase once, not once per review, and reading it back makes each once.
import { LABELS, POLARITIES } from "../lib/insights/analysis-columns.ts";
import type { ReviewAnalysis } from "../lib/insights/engine/analyze.ts";

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
  language: number,
];

/** What the cache keeps of a text: its analysis, and its language (detected with the business's as the fallback). */
export type Derived = { analysis: ReviewAnalysis; language: string };

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

/** The line for what was derived from `text` (without its newline); adds the strings it uses to `table`. */
export function analysisLine(key: string, text: string | null, derived: Derived, table: StringTable): string {
  const { analysis, language } = derived;
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
    n(language),
  ];
  return JSON.stringify(cells);
}

/**
 * Reads a line's key, and its strings into `table`; null, with the table as it was, for a line that is not one (torn
 * by a killed build, or foreign). Later lines number their strings as if it were not there, as the writer did.
 *
 * A line that adds no strings (nearly all of them, once a file has met its vocabulary) is parsed only when its analysis
 * is asked for, into objects that are kept, instead of into arrays that would be kept until then: loading 100k lines
 * then makes no garbage for the collector to copy.
 */
export function readAnalysisLine(line: string, table: StringTable): StoredAnalysis | null {
  const keyEnd = line.startsWith('["') ? line.indexOf(ADDS_NOTHING, 2) : -1;
  // Keys are base64url, so a line's key is what lies between its first quotes; parsing checks that again.
  if (keyEnd !== -1) return new StoredAnalysis(line.slice(2, keyEnd), line, table, table.size);
  const before = table.size;
  try {
    const [key, added] = JSON.parse(line) as Cells;
    if (typeof key !== "string" || !added.every((s) => typeof s === "string")) return null;
    for (const s of added) table.add(s);
    const stored = new StoredAnalysis(key, line, table, table.size);
    // Checked whole now: its strings must not stay in the table if the line is not an analysis.
    if (stored.derived(null)) return stored;
  } catch {
    // Not JSON, or not of this shape.
  }
  table.truncate(before);
  return null;
}

/** How a line that adds no strings goes on after its key. */
const ADDS_NOTHING = '",[],';

/**
 * A line read back: its key, and what was derived from the text it was made from (which gives the evidence back); null
 * when the line, read whole only then, is not an analysis after all.
 */
export class StoredAnalysis {
  readonly key: string;
  readonly #line: string;
  readonly #table: StringTable;
  /** The strings the line may name: those defined up to it. */
  readonly #size: number;

  constructor(key: string, line: string, table: StringTable, size: number) {
    this.key = key;
    this.#line = line;
    this.#table = table;
    this.#size = size;
  }

  derived(text: string | null): Derived | null {
    try {
      const [key, , label, score, aspects, problems, terms, language] = JSON.parse(this.#line) as Cells;
      if (key !== this.key || typeof score !== "number") return null;
      const analysis: ReviewAnalysis = {
        sentiment: { label: of(LABELS, label), score },
        aspects: aspects.map(([aspect, polarity, strength, evidence, phrases]) => ({
          aspect: this.#string(aspect),
          sentiment: of(POLARITIES, polarity),
          evidence: typeof evidence === "string" ? evidence : span(text, evidence),
          score: typeof strength === "number" ? strength : fail(),
          phrases: phrases.map((n) => this.#string(n)),
        })),
        problems: problems.map((n) => this.#string(n)),
        terms: terms.map((n) => this.#string(n)),
      };
      return { analysis, language: this.#string(language) };
    } catch {
      // Not JSON, not of this shape, or naming a string not defined before it.
      return null;
    }
  }

  #string(n: number): string {
    return Number.isInteger(n) && n >= 0 && n < this.#size ? this.#table.at(n) : fail();
  }
}

function of<T>(values: readonly T[], n: number): T {
  return Number.isInteger(n) ? (values[n] ?? fail()) : fail();
}

function span(text: string | null, [start, end]: [number, number]): string {
  return typeof start === "number" && typeof end === "number" ? (text ?? "").slice(start, end) : fail();
}

function fail(): never {
  throw new TypeError("not an analysis line");
}
