// Compiles a taxonomy and a lexicon into the matchers the analyser runs: one for opinions and cues, others for annotations.
import type { BoundaryKind, Lexicon } from "../lexicon.ts";
import type { Taxonomy } from "../taxonomy.ts";
import { Matcher, type Pattern, parsePattern, vocabulary } from "./patterns.ts";
import { type Corrector, createCorrector } from "./typos.ts";

type Polarity = -1 | 0 | 1;
type Cue = { aspect: number; polarity: Polarity; weight: number };
export type Modifier = { aspect: number; polarity: -1 | 1 };

/** Everything one phrase means; a phrase listed in several places gets all of their meanings. */
export type Entry = {
  cues: Cue[];
  modifiers: Modifier[];
  sentiment: number | null;
  /** How many tokens ahead the negation reaches; 0 when not a negator. */
  negator: number;
  /** How many tokens ahead an opinion is voided (hypothetical, expected, talked out of); 0 when not a hedge. */
  hedge: number;
  /** Multiplier for the opinion that follows; 0 when not an intensifier. */
  intensifier: number;
  boundary: BoundaryKind | null;
  joiner: boolean;
  continuation: boolean;
  ignore: boolean;
};

export type Marker = { kind: "problem"; id: number } | { kind: "ironic" } | { kind: "sarcasm" };

export type Compiled = {
  aspects: readonly { id: string; label: string }[];
  problems: readonly { id: string; label: string }[];
  main: Matcher<Entry>;
  typos: Corrector;
  markers: Matcher<Marker>;
  /** The phrases that are no cue (and the business's names), found even where a cue overlaps them. */
  ignores: Matcher<null>;
  /** The phrases that tell what was wrong before the visit ("had been slow for months", "when we bought the house"). */
  backstory: Matcher<null>;
  /** Real words of the language: a name that is one is left out of the classifier's reading. */
  words: ReadonlySet<string>;
  stopwords: ReadonlySet<string>;
  /** Function words that negation scope skips when counting its reach. */
  transparent: ReadonlySet<string>;
  /** Words and plain phrases the lexicon or a cue gives a meaning to: never topic material. */
  opinionWords: ReadonlySet<string>;
};

/** `words`: real words of the language, never read as typos of a cue. */
export function compile(taxonomy: Taxonomy, lexicon: Lexicon, words: ReadonlySet<string> = new Set()): Compiled {
  const entries = new Map<string, { entry: Entry; weight: number; order: number }>();
  let order = 0;
  const at = (source: string): { entry: Entry; weight: number } => {
    const parsed = parsePattern(source);
    if ("error" in parsed) throw new Error(`pattern "${source}" ${parsed.error}`);
    const key = source
      .replace(/\^[\d.]+$/, "")
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .join(" ");
    let slot = entries.get(key);
    if (!slot) {
      const entry: Entry = {
        cues: [],
        modifiers: [],
        sentiment: null,
        negator: 0,
        hedge: 0,
        intensifier: 0,
        boundary: null,
        joiner: false,
        continuation: false,
        ignore: false,
      };
      slot = { entry, weight: parsed.weight, order: order++ };
      entries.set(key, slot);
    }
    return { entry: slot.entry, weight: parsed.weight };
  };

  taxonomy.aspects.forEach((aspect, index) => {
    for (const [polarity, list] of [
      [1, aspect.cues.positive],
      [-1, aspect.cues.negative],
      [0, aspect.cues.neutral],
    ] as const) {
      for (const source of list) {
        const { entry, weight } = at(source);
        if (!entry.cues.some((c) => c.aspect === index)) entry.cues.push({ aspect: index, polarity, weight });
      }
    }
    for (const [polarity, list] of [
      [1, aspect.modifiers.positive],
      [-1, aspect.modifiers.negative],
    ] as const) {
      for (const source of list) {
        const { entry } = at(source);
        if (!entry.modifiers.some((m) => m.aspect === index)) entry.modifiers.push({ aspect: index, polarity });
      }
    }
  });
  for (const source of taxonomy.ignore) at(source).entry.ignore = true;
  for (const [source, score] of Object.entries(lexicon.sentiment)) at(source).entry.sentiment = score;
  for (const [source, scope] of Object.entries(lexicon.negators)) at(source).entry.negator = scope;
  for (const [source, scope] of Object.entries(lexicon.hedges)) at(source).entry.hedge = scope;
  for (const [source, factor] of Object.entries(lexicon.intensifiers)) at(source).entry.intensifier = factor;
  for (const [source, kind] of Object.entries(lexicon.boundaries)) at(source).entry.boundary = kind;
  for (const source of lexicon.joiners) at(source).entry.joiner = true;
  for (const source of lexicon.continuations) at(source).entry.continuation = true;
  for (const source of lexicon.ignore) at(source).entry.ignore = true;

  const patterns: Pattern<Entry>[] = [];
  for (const [key, slot] of entries) {
    const parsed = parsePattern(key) as Exclude<ReturnType<typeof parsePattern>, { error: string }>;
    patterns.push({
      elements: parsed.elements,
      entry: slot.entry,
      weight: slot.weight,
      order: slot.order,
      source: key,
    });
  }
  const rank = (e: Entry) => (e.ignore ? 3 : e.cues.length > 0 ? 2 : 1);

  const markerPatterns: Pattern<Marker>[] = [];
  const addMarker = (source: string, marker: Marker) => {
    const parsed = parsePattern(source);
    if ("error" in parsed) throw new Error(`pattern "${source}" ${parsed.error}`);
    markerPatterns.push({
      elements: parsed.elements,
      entry: marker,
      weight: parsed.weight,
      order: markerPatterns.length,
      source,
    });
  };
  taxonomy.problems.forEach((p, id) => p.cues.forEach((c) => addMarker(c, { kind: "problem", id })));
  for (const source of lexicon.ironic) addMarker(source, { kind: "ironic" });
  for (const source of lexicon.sarcasm) addMarker(source, { kind: "sarcasm" });

  const ignorePatterns = [...taxonomy.ignore, ...lexicon.ignore].map((source, order): Pattern<null> => {
    const parsed = parsePattern(source) as Exclude<ReturnType<typeof parsePattern>, { error: string }>;
    return { elements: parsed.elements, entry: null, weight: parsed.weight, order, source };
  });

  const backstoryPatterns = lexicon.backstory.map((source, order): Pattern<null> => {
    const parsed = parsePattern(source) as Exclude<ReturnType<typeof parsePattern>, { error: string }>;
    return { elements: parsed.elements, entry: null, weight: parsed.weight, order, source };
  });

  const vocab = vocabulary([...patterns, ...markerPatterns]);
  // Function words are never corrected, nor corrected towards: "thorugh" is "thorough", not "through".
  const plain = new Set([...lexicon.stopwords, ...lexicon.transparent].map((w) => w.toLowerCase()));
  for (const w of plain) vocab.words.delete(w);
  return {
    typos: createCorrector(vocab.words, vocab.prefixes, { has: (w) => words.has(w) || plain.has(w) }),
    aspects: taxonomy.aspects.map((a) => ({ id: a.id, label: a.label })),
    problems: taxonomy.problems.map((p) => ({ id: p.id, label: p.label })),
    main: new Matcher(patterns, rank),
    markers: new Matcher(markerPatterns, () => 0),
    ignores: new Matcher(ignorePatterns, () => 0),
    backstory: new Matcher(backstoryPatterns, () => 0),
    words,
    stopwords: new Set(lexicon.stopwords.map((w) => w.toLowerCase())),
    transparent: new Set(lexicon.transparent.map((w) => w.toLowerCase())),
    opinionWords: new Set([...entries.keys()].filter((k) => !/[*#|_]|\.\./.test(k))),
  };
}
