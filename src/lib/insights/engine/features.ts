// The aspect classifier's view of a span of tokens: words, light stems, word pairs, negated stems and number shapes.
import { NUMBER, SYMBOL, type Tokens } from "./tokens.ts";

/**
 * Receives a span's features at the token each stands at: a word (or number shape), and whether a negation reaches it;
 * a pair of neighbouring words (at the second); "!" or "?". `keyed` turns them into the model's feature names.
 */
export type Sink = {
  word(word: string, negated: boolean, token: number): void;
  pair(first: string, second: string, token: number): void;
  mark(symbol: string, token: number): void;
};

/** Words whose scope (the next few words, up to punctuation) reads as negated: "n:" + stem. */
const NEGATORS = new Set(
  "not no never nothing nobody noone none neither nor without hardly barely cannot cant dont didnt doesnt isnt wasnt werent arent wont wouldnt couldnt shouldnt havent hasnt hadnt aint zero".split(
    " ",
  ),
);
const NEGATION_REACH = 3;
/** Number words read as numbers in pairs: "two hours" and "2 hours" are one pattern. */
const NUMBER_WORDS = new Set(
  "two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty forty-five fifty sixty ninety hundred couple few several".split(
    " ",
  ),
);
const TIME_SUFFIX = new Set(["am", "pm", "a.m.", "p.m."]);
const CURRENCY = /^\p{Sc}$/u;

/**
 * Reads the features of tokens [from, to). Punctuation ends a pair and a negation's scope; `skip` marks tokens that
 * must not count (a business's own names: "Dripping Springs" is a place, not a leak).
 */
export function features(t: Tokens, from: number, to: number, sink: Sink, skip: Uint8Array | null = null): void {
  let previous: string | null = null;
  let negated = 0;
  for (let i = from; i < to; i++) {
    const norm = t.norm[i]!;
    if (t.kind[i] === SYMBOL || skip?.[i]) {
      if (norm === "!" || norm === "?") sink.mark(norm, i);
      if (!CURRENCY.test(norm)) {
        previous = null;
        negated = 0;
      }
      continue;
    }
    const word = t.kind[i] === NUMBER ? numberShape(t, i) : norm.includes("'") ? norm.replaceAll("'", "") : norm;
    sink.word(word, negated > 0, i);
    const paired = NUMBER_WORDS.has(word) ? "#num" : word;
    if (previous !== null) sink.pair(previous, paired, i);
    if (negated > 0) negated--;
    if (NEGATORS.has(word)) negated = NEGATION_REACH;
    previous = paired;
  }
}

/** The features' names as the model file writes them: `u:` word, `s:` stem, `n:` negated stem, `b:` pair. */
export function keyed(emit: (key: string, token: number) => void): Sink {
  return {
    word(word, negated, token) {
      const stemmed = stem(word);
      emit(`u:${word}`, token);
      if (stemmed !== word) emit(`s:${stemmed}`, token);
      if (negated) emit(`n:${stemmed}`, token);
    },
    pair: (first, second, token) => emit(`b:${first}_${second}`, token),
    mark: (symbol, token) => emit(`u:${symbol}`, token),
  };
}

/** A number by what it measures: money, a time of day, a range, an ordinal, or a plain count. */
function numberShape(t: Tokens, i: number): string {
  const n = t.norm[i]!;
  if ((i > 0 && CURRENCY.test(t.norm[i - 1]!)) || /\dk$/.test(n)) return "#money";
  if (/\d(am|pm)$/.test(n) || /\d:\d\d/.test(n) || TIME_SUFFIX.has(t.norm[i + 1] ?? "")) return "#time";
  if (/\d[-–]\d/.test(n)) return "#range";
  if (/\d(st|nd|rd|th)$/.test(n)) return "#ordinal";
  return "#num";
}

/**
 * A light suffix-stripping stem: "priced", "prices", "pricing" -> "pric"; "explained" -> "explain"; "promptly" ->
 * "prompt". Short words stay as they are; the final "e" goes so that "price" meets "priced".
 */
export function stem(word: string): string {
  if (word.length < 5 || word.startsWith("#")) return word;
  let s = word;
  if (s.endsWith("ies") && s.length > 5) s = s.slice(0, -3) + "y";
  else if (s.endsWith("ing") && s.length > 5) s = s.slice(0, -3);
  else if (s.endsWith("edly") && s.length > 6) s = s.slice(0, -4);
  else if (s.endsWith("ed") && s.length > 4) s = s.slice(0, -2);
  else if (s.endsWith("ly") && s.length > 5) s = s.slice(0, -2);
  else if (s.endsWith("es") && s.length > 4) s = s.slice(0, -2);
  else if (s.endsWith("s") && !s.endsWith("ss") && !s.endsWith("us")) s = s.slice(0, -1);
  if (s.length > 3 && s[s.length - 1] === s[s.length - 2] && !/[aeiousl]/.test(s[s.length - 1]!)) s = s.slice(0, -1);
  if (s.endsWith("e") && s.length > 3) s = s.slice(0, -1);
  return s;
}
