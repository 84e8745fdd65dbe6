// The per-review analyser: text (and rating) in, overall sentiment and one judgement per aspect with its evidence out.
import { defaultLexicon, defaultTaxonomy, defaultWords } from "../defaults.ts";
import type { Lexicon } from "../lexicon.ts";
import type { Taxonomy } from "../taxonomy.ts";
import { type Compiled, compile } from "./compile.ts";
import { fingerprint } from "./fingerprint.ts";
import { applySarcasm, collect, type Mention, type Opinion } from "./opinions.ts";
import { type Layout, segment } from "./segment.ts";
import { terms } from "./terms.ts";
import { SYMBOL, type Tokens, tokenize, WORD } from "./tokens.ts";

/** Bump on any change to the algorithm; the taxonomy and lexicon are fingerprinted separately. */
export const ENGINE = { name: "reviews-insights", version: "1.1.0" } as const;

export type AspectSentiment = "positive" | "negative" | "neutral";
export type ReviewSentimentLabel = AspectSentiment | "mixed";

export type AspectFinding = {
  aspect: string;
  sentiment: AspectSentiment;
  /** The exact clause of the text that carries the judgement. */
  evidence: string;
  /** Strength in [-1, 1]; what aggregates and quote selection weigh. */
  score: number;
  /** The cue phrases that signalled the aspect (normalised words only), for "top phrases". */
  phrases: string[];
};

export type ReviewAnalysis = {
  sentiment: { label: ReviewSentimentLabel; score: number };
  aspects: AspectFinding[];
  /** Ids of the taxonomy's problems the text describes, in taxonomy order. */
  problems: string[];
  /** Candidate topic phrases (content words and word pairs), first occurrence order. */
  terms: string[];
};

export type Analyzer = {
  analyze(text: string | null, rating?: number | null): ReviewAnalysis;
  /** Engine version plus a fingerprint of the taxonomy and lexicon: changes whenever an analysis could. */
  readonly version: string;
  readonly taxonomy: Taxonomy;
};

/** Judged both ways with the weaker side at least this share of the stronger: neither wins (neutral). */
const BALANCE = 0.7;
const MAX_PHRASE_WORDS = 4;
/** Below this net strength a mention is reported as neutral. */
const NEUTRAL_BAND = 0.25;

export type AnalyzerOptions = {
  taxonomy?: Taxonomy;
  lexicon?: Lexicon;
  /** Names that must never read as cues, e.g. the catalog's "Dripping Springs" or a technician called "Prompt". */
  names?: readonly string[];
};

export function createAnalyzer(options: AnalyzerOptions = {}): Analyzer {
  const base = options.taxonomy ?? defaultTaxonomy();
  const names = [...new Set((options.names ?? []).map(namePattern).filter((n) => n !== ""))].sort();
  const taxonomy = names.length ? { ...base, ignore: [...base.ignore, ...names] } : base;
  const lexicon = options.lexicon ?? defaultLexicon();
  const words = defaultWords();
  const compiled = compile(taxonomy, lexicon, words.words);
  const version = `${ENGINE.version}+${base.id}.${base.version}.${fingerprint(JSON.stringify([taxonomy, lexicon, words.fingerprint]))}`;
  return { version, taxonomy: base, analyze: (text, rating = null) => analyzeWith(compiled, text, rating) };
}

/** A name as a literal pattern: its tokens, with pattern syntax characters dropped. */
function namePattern(name: string): string {
  return tokenize(name)
    .norm.filter((w) => !/^[#_*|^]$/.test(w) && w !== "..")
    .map((w) => w.replace(/[*|^]/g, ""))
    .filter(Boolean)
    .join(" ");
}

/** The analysis of a review without readable text: the stars' tone (neutral without stars), nothing else. */
export function ratingOnly(rating: number | null): ReviewAnalysis {
  const fromRating = rating === null ? null : (rating - 3) / 2;
  return { sentiment: overall(0, 0, 0, fromRating, false, false), aspects: [], problems: [], terms: [] };
}

function analyzeWith(c: Compiled, text: string | null, rating: number | null): ReviewAnalysis {
  const fromRating = rating === null ? null : (rating - 3) / 2;
  if (text === null || text.trim() === "") return ratingOnly(rating);
  const t = tokenize(text);
  c.typos.correct(t);
  const matches = c.main.scan(t);
  const layout = segment(t, matches);
  const { mentions, opinions } = collect(t, matches, layout, c.transparent);
  const markers = c.markers.all(t);
  const penalty = applySarcasm(markers, layout, mentions, opinions);
  attach(mentions, opinions, layout);

  let pos = penalty > 0 ? penalty : 0;
  let neg = penalty < 0 ? -penalty : 0;
  let polar = penalty !== 0;
  const add = (v: number) => {
    if (v > 0) pos += v;
    else if (v < 0) neg -= v;
    if (v !== 0) polar = true;
  };
  for (const m of mentions) add(m.own);
  for (const o of opinions)
    add(o.sentiment ?? o.modifiers.reduce((s, x) => s + x.value, 0) / Math.max(1, o.modifiers.length));

  const problems = new Set<number>();
  for (const m of markers) if (m.entry.kind === "problem") problems.add(m.entry.id);
  const found = aspects(c, text, t, layout, mentions);
  const bothWays = found.some((a) => a.sentiment === "positive") && found.some((a) => a.sentiment === "negative");
  return {
    sentiment: overall(pos, neg, pos - neg, fromRating, polar, bothWays),
    aspects: found,
    problems: [...problems].sort((a, b) => a - b).map((i) => c.problems[i]!.id),
    terms: terms(t, c.stopwords, c.opinionWords),
  };
}

/** Gives each opinion to the aspect mention it is about: same segment first, then same clause, then the clause it refers back to. */
function attach(mentions: Mention[], opinions: readonly Opinion[], layout: Layout): void {
  if (mentions.length === 0) return;
  const byClause = new Map<number, Mention[]>();
  for (const m of mentions) {
    const list = byClause.get(m.clause);
    if (list) list.push(m);
    else byClause.set(m.clause, [m]);
  }
  const referredTo = (clause: number): Mention[] | undefined => {
    const c = layout.clauses[clause]!;
    if (!c.continuation || byClause.has(clause)) return undefined;
    for (let k = clause - 1; k >= 0 && k >= clause - 2; k--) {
      const list = byClause.get(k);
      if (list) return [list.at(-1)!];
    }
    return undefined;
  };
  for (const o of opinions) {
    const here = byClause.get(o.clause) ?? referredTo(o.clause);
    if (!here) continue;
    let used = false;
    for (const mod of o.modifiers) {
      const target = nearest(
        here.filter((m) => m.aspect === mod.aspect),
        o,
      );
      if (target) {
        target.attached += mod.value;
        target.judged++;
        used = true;
      }
    }
    if (used || o.sentiment === null) continue;
    const target =
      nearest(
        here.filter((m) => m.segment === o.segment),
        o,
      ) ?? nearest(here, o);
    if (!target) continue;
    // Coordinated mentions share the opinion: "can't fault the cleanup or the communication".
    const shared =
      target.own === 0
        ? here.filter((m) => m.segment === target.segment && m.own === 0 && m.aspect !== target.aspect)
        : [];
    for (const m of [target, ...shared]) {
      m.attached += o.sentiment;
      m.judged++;
    }
  }
  for (const [clause, list] of byClause) {
    if (layout.clauses[clause]!.kind !== "except") continue;
    for (const m of list) if (Math.abs(m.own + m.attached) < NEUTRAL_BAND) m.attached -= 0.7;
  }
}

function nearest(candidates: readonly Mention[], o: Opinion): Mention | null {
  let best: Mention | null = null;
  let bestDistance = Infinity;
  for (const m of candidates) {
    const d = m.end <= o.start ? o.start - m.end : m.start >= o.end ? m.start - o.end + 0.5 : 0;
    if (d < bestDistance) {
      best = m;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * A mention counts when its cue is strong or something judges it. An unjudged mention is dropped from a clause
 * that judges another aspect: "didn't explain the charges" is about communication, not pricing.
 */
function aspects(c: Compiled, text: string, t: Tokens, layout: Layout, mentions: readonly Mention[]): AspectFinding[] {
  const judged = (m: Mention) => m.own !== 0 || m.judged > 0;
  const judgedClauses = new Map<number, Set<number>>();
  for (const m of mentions) {
    if (!judged(m) || Math.abs(m.own + m.attached) < NEUTRAL_BAND) continue;
    const set = judgedClauses.get(m.clause);
    if (set) set.add(m.aspect);
    else judgedClauses.set(m.clause, new Set([m.aspect]));
  }
  const counts = (m: Mention) => {
    if (judged(m)) return true;
    if (m.weight < 1) return false;
    const others = judgedClauses.get(m.clause);
    return !others || (others.size === 1 && others.has(m.aspect));
  };
  const out: AspectFinding[] = [];
  for (let a = 0; a < c.aspects.length; a++) {
    const found = mentions.filter((m) => m.aspect === a && counts(m));
    if (found.length === 0) continue;
    let pos = 0;
    let neg = 0;
    for (const m of found) {
      const v = m.own + m.attached;
      if (v > 0) pos += v;
      else neg -= v;
    }
    const net = pos - neg;
    const balanced = pos > 0 && neg > 0 && Math.min(pos, neg) / Math.max(pos, neg) >= BALANCE;
    const sentiment: AspectSentiment =
      balanced || Math.abs(net) < NEUTRAL_BAND ? "neutral" : net > 0 ? "positive" : "negative";
    const sign = sentiment === "positive" ? 1 : sentiment === "negative" ? -1 : 0;
    const carrier =
      sign === 0
        ? found[0]!
        : found.reduce((best, m) => (sign * (m.own + m.attached) > sign * (best.own + best.attached) ? m : best));
    out.push({
      aspect: c.aspects[a]!.id,
      sentiment,
      evidence: clauseText(text, t, layout, carrier.clause),
      score: round(sign === 0 ? 0 : squash(net)),
      phrases: phrases(t, found, sign),
    });
  }
  return out;
}

/**
 * The cue phrases of a finding that carry its polarity as written: "expensive" is never listed for a positive pricing
 * finding ("not expensive", "expensive but worth it"), nor "on time" for a negative one.
 */
function phrases(t: Tokens, found: readonly Mention[], sign: number): string[] {
  const out = new Set<string>();
  for (const m of found) {
    if (m.polarity !== 0 && (m.polarity !== sign || Math.sign(m.own) !== m.polarity)) continue;
    let words = true;
    for (let i = m.start; i < m.end && words; i++) words = t.kind[i] === WORD;
    // A cue with a gap ("pushed us to sign the contract that same day") is no phrase a reader would recognise.
    if (words && m.end - m.start <= MAX_PHRASE_WORDS) out.add(t.norm.slice(m.start, m.end).join(" "));
  }
  return [...out];
}

/** The clause as it stands in the text, without the boundary word that opened it or trailing punctuation. */
export function clauseText(text: string, t: Tokens, layout: Layout, clause: number): string {
  const c = layout.clauses[clause]!;
  let first = c.first;
  let last = c.end - 1;
  while (last > first && t.kind[last] === SYMBOL && /^[.,;:!?…—–\-(]$/.test(t.norm[last]!)) last--;
  if (first > last) first = c.start;
  return text.slice(t.start[first], t.end[last]);
}

/** Text signals this strong (summed over both sides) count fully; weaker text defers to the stars. */
const CLEAR_TEXT = 1.5;

/**
 * The review's tone. With a rating, the text's weight grows with how much it says (up to half), so short or unclear
 * text follows the stars; "mixed" needs clear praise and clear complaint of similar strength, with an aspect judged each
 * way (`bothWays`) when there are stars, and never applies to 1 or 5 stars; a score too close to 0 to call takes the
 * stars' side (3 stars: neutral).
 */
function overall(
  pos: number,
  neg: number,
  net: number,
  fromRating: number | null,
  polar: boolean,
  bothWays: boolean,
): ReviewAnalysis["sentiment"] {
  const fromText = polar ? squash(net) : null;
  const textWeight = fromText === null ? 0 : 0.5 * Math.min(1, (pos + neg) / CLEAR_TEXT);
  const score = fromRating === null ? (fromText ?? 0) : textWeight * (fromText ?? 0) + (1 - textWeight) * fromRating;
  const balanced = pos >= 0.8 && neg >= 0.8 && Math.min(pos, neg) / Math.max(pos, neg) >= 0.5 && Math.abs(score) < 0.5;
  const unmixable = fromRating !== null && (Math.abs(fromRating) === 1 || !bothWays);
  const stars: ReviewSentimentLabel =
    fromRating === null || fromRating === 0 ? "neutral" : fromRating > 0 ? "positive" : "negative";
  const label: ReviewSentimentLabel =
    balanced && !unmixable ? "mixed" : score >= 0.2 ? "positive" : score <= -0.2 ? "negative" : stars;
  return { label, score: round(score) };
}

function squash(x: number): number {
  return x / Math.sqrt(x * x + 2);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000 || 0;
}
