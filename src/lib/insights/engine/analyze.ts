// The per-review analyser: text (and rating) in, overall sentiment and one judgement per aspect with its evidence out.
import { defaultLexicon, defaultModel, defaultTaxonomy, defaultWords, isDefaultTaxonomy } from "../defaults.ts";
import type { Lexicon } from "../lexicon.ts";
import type { Taxonomy } from "../taxonomy.ts";
import { attach } from "./attach.ts";
import { blend } from "./blend.ts";
import { createClassifier, type Signals } from "./classifier.ts";
import { compile } from "./compile.ts";
import { clauseText, ruleFindings } from "./findings.ts";
import { fingerprint } from "./fingerprint.ts";
import type { ModelFile, Thresholds } from "./model.ts";
import { applySarcasm, collect } from "./opinions.ts";
import { overall } from "./overall.ts";
import { type Reading, read } from "./read.ts";
import { terms } from "./terms.ts";
import { tokenize } from "./tokens.ts";
import type { AspectFinding, ReviewAnalysis, RuleFinding } from "./types.ts";

export type { AspectSentiment, ReviewAnalysis, ReviewSentimentLabel } from "./types.ts";

/** Bump on any change to the algorithm; the taxonomy, lexicon and model are fingerprinted separately. */
export const ENGINE = { name: "reviews-insights", version: "1.3.0" } as const;

export type Analyzer = {
  analyze(text: string | null, rating?: number | null): ReviewAnalysis;
  /** Engine version plus fingerprints of the taxonomy, lexicon and model: changes whenever an analysis could. */
  readonly version: string;
  readonly taxonomy: Taxonomy;
};

export type AnalyzerOptions = {
  taxonomy?: Taxonomy;
  lexicon?: Lexicon;
  /** Names that must never read as cues, e.g. the catalog's "Dripping Springs" or a technician called "Prompt". */
  names?: readonly string[];
  /**
   * The trained aspect model. By default the bundled one when the taxonomy is the default one, and none otherwise
   * (a model knows only the aspects it was trained on); `null` analyses with the rules alone.
   */
  model?: ModelFile | null;
};

/** A review read by the rules and scored by the classifier, before the two are combined. */
export type Draft = {
  fromRating: number | null;
  /** No readable text: the stars' tone, nothing else. */
  empty: boolean;
  /** What the text says for and against, summed over its cues and opinions, and whether it says anything. */
  pos: number;
  neg: number;
  polar: boolean;
  rules: RuleFinding[];
  signals: Signals | null;
  /** The text as the engine read it (null without text): what training computes features from. */
  reading: Reading | null;
  evidence: (clause: number) => string;
  problems: string[];
  terms: string[];
};

/** The analyser in its two steps, so that training can tune how they combine without reading every text again. */
export type Engine = {
  readonly version: string;
  readonly taxonomy: Taxonomy;
  /** The model's thresholds; null without a model. */
  readonly thresholds: Thresholds | null;
  draft: (text: string | null, rating: number | null) => Draft;
  finish: (draft: Draft, thresholds: Thresholds | null) => ReviewAnalysis;
};

export function createAnalyzer(options: AnalyzerOptions = {}): Analyzer {
  const e = createEngine(options);
  return {
    version: e.version,
    taxonomy: e.taxonomy,
    analyze: (text, rating = null) => e.finish(e.draft(text, rating), e.thresholds),
  };
}

export function createEngine(options: AnalyzerOptions = {}): Engine {
  const base = options.taxonomy ?? defaultTaxonomy();
  const names = [...new Set((options.names ?? []).map(namePattern).filter((n) => n !== ""))].sort();
  const taxonomy = names.length ? { ...base, ignore: [...base.ignore, ...names] } : base;
  const lexicon = options.lexicon ?? defaultLexicon();
  const words = defaultWords();
  const c = compile(taxonomy, lexicon, words.words);
  const bundled = options.model === undefined && (!options.taxonomy || isDefaultTaxonomy(base)) ? defaultModel() : null;
  const model = options.model === undefined ? (bundled?.model ?? null) : options.model;
  const aspectIds = base.aspects.map((a) => a.id);
  if (model && model.aspects.join() !== aspectIds.join())
    throw new Error(`the model was trained on the aspects ${model.aspects.join(", ")}, not ${aspectIds.join(", ")}`);
  const classifier = model ? createClassifier(model) : null;
  const modelPrint = bundled ? bundled.fingerprint : model ? fingerprint(JSON.stringify(model)) : null;
  const version =
    `${ENGINE.version}+${base.id}.${base.version}.${fingerprint(JSON.stringify([taxonomy, lexicon, words.fingerprint]))}` +
    (modelPrint ? `+model.${modelPrint}` : "");

  function draft(text: string | null, rating: number | null): Draft {
    const fromRating = rating === null ? null : (rating - 3) / 2;
    if (text === null || text.trim() === "") return { ...EMPTY, fromRating };
    const reading = read(c, text);
    const { t, matches, layout } = reading;
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
    const rules = ruleFindings(c, text, t, layout, mentions);
    return {
      fromRating,
      empty: false,
      pos,
      neg,
      polar,
      rules,
      signals: classifier ? classifier.read(reading) : null,
      reading,
      evidence: (clause) => clauseText(text, t, layout, clause),
      problems: [...problems].sort((a, b) => a - b).map((i) => c.problems[i]!.id),
      terms: terms(t, c.stopwords, c.opinionWords),
    };
  }

  function finish(d: Draft, thresholds: Thresholds | null): ReviewAnalysis {
    if (d.empty) return ratingOnlyFrom(d.fromRating);
    let { pos, neg, polar } = d;
    let found: AspectFinding[];
    if (d.signals && thresholds) {
      const blended = blend(d.rules, d.signals, thresholds, aspectIds, d.evidence);
      found = blended.findings;
      // What the classifier adds is said in the text too: it weighs on the review's tone like a cue would.
      for (const f of blended.added) {
        if (f.score > 0) pos += f.score;
        else neg -= f.score;
        polar ||= f.score !== 0;
      }
    } else
      found = d.rules.map(
        ({ index: _index, clause: _clause, reversed: _reversed, cues: _cues, ...finding }) => finding,
      );
    const bothWays = found.some((a) => a.sentiment === "positive") && found.some((a) => a.sentiment === "negative");
    return {
      sentiment: overall(pos, neg, pos - neg, d.fromRating, polar, bothWays),
      aspects: found,
      problems: d.problems,
      terms: d.terms,
    };
  }

  return { version, taxonomy: base, thresholds: model?.thresholds ?? null, draft, finish };
}

const EMPTY: Draft = {
  fromRating: null,
  empty: true,
  pos: 0,
  neg: 0,
  polar: false,
  rules: [],
  signals: null,
  reading: null,
  evidence: () => "",
  problems: [],
  terms: [],
};

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
  return ratingOnlyFrom(rating === null ? null : (rating - 3) / 2);
}

function ratingOnlyFrom(fromRating: number | null): ReviewAnalysis {
  return { sentiment: overall(0, 0, 0, fromRating, false, false), aspects: [], problems: [], terms: [] };
}
