// Turns matches into scored aspect mentions and opinions: negation scope, intensifiers, clause weights, sarcasm.
import type { Entry, Marker, Modifier } from "./compile.ts";
import type { Match } from "./patterns.ts";
import type { ClauseKind, Layout } from "./segment.ts";
import type { Tokens } from "./tokens.ts";

/** A phrase that names an aspect; `own` is the judgement the phrase itself carries, `attached` what nearby opinion adds. */
export type Mention = Placed & {
  aspect: number;
  /** The polarity the cue has as written (before negation or sarcasm). */
  polarity: -1 | 0 | 1;
  weight: number;
  own: number;
  attached: number;
  /** How many opinions reached it (an explicit "ok" counts: it judges without leaning). */
  judged: number;
};

/** An opinion word: generic sentiment, or modifiers that only judge a named aspect. */
export type Opinion = Placed & { sentiment: number | null; modifiers: { aspect: number; value: number }[] };

/** Where a phrase stands: its tokens, and the clause, segment and sentence they lie in. */
type Placed = { start: number; end: number; clause: number; segment: number; sentence: number };

const CLAUSE_WEIGHT: Record<ClauseKind, number> = {
  start: 1,
  main: 1,
  contrast: 1.5,
  concession: 0.8,
  except: 1,
  relative: 1,
  subordinate: 1,
};
const NEGATED = -0.8;
/** Negating a phrase that only names the aspect ("no availability", "no call") reads as its absence: mildly negative. */
const NEGATED_NEUTRAL = -0.5;

/** A negator flips what follows in its scope; a hedge (factor 0) voids it: "expected them to be late". */
type Negator = { end: number; scope: number; clause: number; factor: number; lastHit: number };

export function collect(
  t: Tokens,
  matches: readonly Match<Entry>[],
  layout: Layout,
  transparent: ReadonlySet<string>,
): { mentions: Mention[]; opinions: Opinion[] } {
  const mentions: Mention[] = [];
  const opinions: Opinion[] = [];
  const negators: Negator[] = [];
  let boost = { end: -1, factor: 1, clause: -1 };

  for (const m of matches) {
    const e = m.entry;
    const clause = layout.clauseOf[m.start]!;
    const polar = e.cues.length > 0 || e.sentiment !== null || e.modifiers.length > 0;
    if (e.negator || e.hedge) {
      negators.push({ end: m.end, scope: e.hedge || e.negator, clause, factor: e.hedge ? 0 : NEGATED, lastHit: -1 });
      if (!polar) continue;
    }
    if (e.intensifier && !polar) {
      const chained = boost.clause === clause && m.start - boost.end <= 1;
      boost = { end: m.end, factor: (chained ? boost.factor : 1) * e.intensifier, clause };
      continue;
    }
    if (!polar) continue;
    const mult = boost.clause === clause && m.start - boost.end <= 1 ? boost.factor : 1;
    boost = { end: -1, factor: 1, clause: -1 };
    const negation = negationAt(t, negators, clause, m.start, m.end, transparent);
    const negated = negation !== 1;
    const kind = layout.clauses[clause]!.kind;
    const w = CLAUSE_WEIGHT[kind];
    const where = {
      start: m.start,
      end: m.end,
      clause,
      segment: layout.segmentOf[m.start]!,
      sentence: layout.clauses[clause]!.sentence,
    };
    if (e.cues.length > 0) {
      for (const c of e.cues) {
        let own = c.polarity * c.weight * mult;
        if (negated) own = c.polarity === 0 ? (c.weight >= 1 && negation !== 0 ? NEGATED_NEUTRAL : 0) : own * negation;
        mentions.push({
          aspect: c.aspect,
          polarity: c.polarity,
          weight: c.weight,
          own: own * w,
          attached: 0,
          judged: 0,
          ...where,
        });
      }
      continue;
    }
    const sign = negation;
    opinions.push({
      ...where,
      sentiment: e.sentiment === null ? null : (e.sentiment / 2) * mult * sign * w,
      modifiers: e.modifiers.map((mod: Modifier) => ({ aspect: mod.aspect, value: mod.polarity * mult * sign * w })),
    });
  }
  return { mentions, opinions };
}

const COORDINATION = new Set(["or", "nor", "and", "/"]);

/**
 * The factor the nearest negator or hedge in scope applies: 1 when none reaches `start`. The reach counts content
 * words only ("nobody could give me a straight answer": could, me, a are transparent) and stops at a comma. Once a
 * negation has hit an opinion it only carries on across coordination ("not clean or tidy", not "never had to chase
 * them for updates").
 */
function negationAt(
  t: Tokens,
  negators: Negator[],
  clause: number,
  start: number,
  end: number,
  transparent: ReadonlySet<string>,
): number {
  for (let k = negators.length - 1; k >= 0; k--) {
    const n = negators[k]!;
    if (n.clause !== clause || n.end > start) continue;
    let distance = 0;
    for (let i = n.end; i < start; i++) {
      if (t.norm[i] === ",") return 1;
      if (!transparent.has(t.norm[i]!)) distance++;
    }
    if (distance >= n.scope) return 1;
    if (n.lastHit >= 0) {
      for (let i = n.lastHit; i < start; i++)
        if (!COORDINATION.has(t.norm[i]!) && !transparent.has(t.norm[i]!)) return 1;
    }
    n.lastHit = end;
    return n.factor;
  }
  return 1;
}

/**
 * Sarcasm: a sentence with an explicit marker ("thanks for nothing", "yeah right") has its praise flipped; so does
 * praise that is often ironic ("money well spent", "great job") when the sentence or a neighbouring one complains
 * and nothing in the sentence contrasts the two.
 */
export function applySarcasm(
  markers: readonly Match<Marker>[],
  layout: Layout,
  mentions: Mention[],
  opinions: Opinion[],
): number {
  const sarcastic = new Set<number>();
  const ironic = new Set<number>();
  for (const m of markers) {
    const sentence = layout.clauses[layout.clauseOf[m.start]!]!.sentence;
    if (m.entry.kind === "sarcasm") sarcastic.add(sentence);
    else if (m.entry.kind === "ironic") ironic.add(sentence);
  }
  if (sarcastic.size === 0 && ironic.size === 0) return 0;
  const negative = new Float64Array(layout.sentences);
  for (const x of mentions) if (x.own < 0) negative[x.sentence]! += x.own;
  for (const o of opinions) if (o.sentiment !== null && o.sentiment < 0) negative[o.sentence]! += o.sentiment;
  const contrasted = new Set(
    layout.clauses.filter((c) => c.kind === "contrast" || c.kind === "concession").map((c) => c.sentence),
  );
  const flip = new Set(sarcastic);
  for (const s of ironic) {
    if (contrasted.has(s)) continue;
    const here = negative[s]! <= -0.8;
    const around =
      negative[s]! === 0 &&
      ((s > 0 && negative[s - 1]! <= -0.8) || (s + 1 < layout.sentences && negative[s + 1]! <= -0.8));
    if (here || around) flip.add(s);
  }
  for (const x of mentions) if (flip.has(x.sentence) && x.own > 0) x.own = -x.own;
  for (const o of opinions) {
    if (!flip.has(o.sentence)) continue;
    if (o.sentiment !== null && o.sentiment > 0) o.sentiment = -o.sentiment;
    for (const mod of o.modifiers) if (mod.value > 0) mod.value = -mod.value;
  }
  return -sarcastic.size;
}
