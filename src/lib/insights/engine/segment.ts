// Splits a tokenised review into sentences, clauses (at contrast words and strong punctuation) and segments (at commas and "and").
import type { BoundaryKind } from "../lexicon.ts";
import type { Entry } from "./compile.ts";
import type { Match } from "./patterns.ts";
import { NUMBER, SYMBOL, type Tokens, WORD } from "./tokens.ts";

export type ClauseKind = "start" | "main" | BoundaryKind;

type Clause = {
  sentence: number;
  /** Token range [start, end); `first` skips the boundary word and leading punctuation. */
  start: number;
  end: number;
  first: number;
  kind: ClauseKind;
  /** Opens with a word that refers back ("it was fair", "which was great"). */
  continuation: boolean;
};

export type Layout = {
  clauses: Clause[];
  /** Clause index of each token. */
  clauseOf: Int32Array;
  /** Segment index of each token (unique across the review). */
  segmentOf: Int32Array;
  sentences: number;
};

const SENTENCE_END = new Set([".", "!", "?", "…", "。", "！", "？"]);
const CLAUSE_BREAK = new Set([";", ":", "—", "–", "-", "(", ")", "[", "]", "•", "*", "|"]);
/** A currency sign opens the evidence it belongs to: "$129 diagnostic fee", not "129 diagnostic fee". */
const CURRENCY = /^\p{Sc}$/u;
const ABBREVIATIONS = new Set(
  "mr mrs ms dr st jr sr vs etc approx inc co ltd ave blvd min hr hrs est no u.s".split(" "),
);

export function segment(t: Tokens, matches: readonly Match<Entry>[]): Layout {
  const n = t.norm.length;
  const clauseStart = new Array<ClauseKind | null>(n).fill(null);
  const segmentStart = new Uint8Array(n);
  const sentenceStart = new Uint8Array(n);
  const continuationAt = new Uint8Array(n);
  const boundaryEnd = new Int32Array(n).fill(-1);

  for (let i = 0; i < n; i++) {
    if (i === 0 || t.newline[i]) sentenceStart[i] = 1;
    const word = t.norm[i]!;
    if (t.kind[i] === SYMBOL && SENTENCE_END.has(word)) {
      const abbreviation =
        word === "." &&
        i > 0 &&
        t.kind[i - 1] === WORD &&
        ABBREVIATIONS.has(t.norm[i - 1]!) &&
        t.start[i] === t.end[i - 1];
      const next = i + 1;
      if (!abbreviation && next < n && !(t.kind[next] === SYMBOL && SENTENCE_END.has(t.norm[next]!)))
        sentenceStart[next] = 1;
    } else if (t.kind[i] === SYMBOL && CLAUSE_BREAK.has(word) && i + 1 < n && !attachedHyphen(t, i)) {
      clauseStart[i + 1] ??= "main";
    } else if (word === ",") {
      if (i + 1 < n) segmentStart[i + 1] = 1;
    }
  }
  for (const m of matches) {
    const e = m.entry;
    if (e.boundary && !clauseStart[m.start] && !untilTime(t, m.start, m.end)) {
      clauseStart[m.start] = e.boundary;
      boundaryEnd[m.start] = m.end;
    }
    if (e.joiner) segmentStart[m.start] = 1;
    if (e.continuation) continuationAt[m.start] = 1;
  }

  const clauses: Clause[] = [];
  const clauseOf = new Int32Array(n);
  const segmentOf = new Int32Array(n);
  let sentence = -1;
  let seg = -1;
  // A clause opened by "although"/"because" at the start of a sentence ends at its first comma.
  let closesAtComma = false;
  for (let i = 0; i < n; i++) {
    let kind: ClauseKind | null = null;
    if (sentenceStart[i]) {
      sentence++;
      kind = clauseStart[i] ?? "start";
      closesAtComma = kind === "concession" || kind === "subordinate";
    } else if (clauseStart[i]) {
      kind = clauseStart[i]!;
      closesAtComma = false;
    } else if (closesAtComma && i > 0 && t.norm[i - 1] === ",") {
      kind = "main";
      closesAtComma = false;
    }
    if (kind !== null || clauses.length === 0) {
      if (clauses.length) clauses.at(-1)!.end = i;
      let first = boundaryEnd[i]! > i ? boundaryEnd[i]! : i;
      while (first < n && t.kind[first] === SYMBOL && !isEmoji(t.norm[first]!) && !CURRENCY.test(t.norm[first]!))
        first++;
      const continuation = continuationAt[i] === 1 || (first < n && continuationAt[first] === 1);
      clauses.push({ sentence: Math.max(sentence, 0), start: i, end: n, first, kind: kind ?? "start", continuation });
      seg++;
    } else if (segmentStart[i]) seg++;
    clauseOf[i] = clauses.length - 1;
    segmentOf[i] = seg;
  }
  return { clauses, clauseOf, segmentOf, sentences: sentence + 1 };
}

/** Words of time that "until" runs up to: "nobody showed until noon" is one clause, the lateness and its measure. */
const TIME_WORDS = new Set(
  "noon midnight lunch lunchtime dinner evening morning afternoon night tonight tomorrow late after almost nearly about around past well".split(
    " ",
  ),
);

/** "until" (or "till") followed by a time: part of the clause it measures, not a new one. */
function untilTime(t: Tokens, start: number, end: number): boolean {
  const w = t.norm[start]!;
  if (end !== start + 1 || (w !== "until" && w !== "till" && w !== "til")) return false;
  return end < t.norm.length && (t.kind[end] === NUMBER || TIME_WORDS.has(t.norm[end]!));
}

/** A hyphen touching the tokens on both sides joins them ("8-ish", "re-do"); a spaced one is a dash that breaks. */
function attachedHyphen(t: Tokens, i: number): boolean {
  return t.norm[i] === "-" && i > 0 && t.end[i - 1] === t.start[i] && t.start[i + 1] === t.end[i];
}

function isEmoji(s: string): boolean {
  return /\p{Extended_Pictographic}/u.test(s);
}
