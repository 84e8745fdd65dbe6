// The rules' aspect findings of a review: which mentions count, each aspect's net polarity, its evidence and phrases.
import { NEUTRAL_BAND } from "./attach.ts";
import type { Compiled } from "./compile.ts";
import type { Mention } from "./opinions.ts";
import { round, squash } from "./score.ts";
import type { Layout } from "./segment.ts";
import { SYMBOL, type Tokens, WORD } from "./tokens.ts";
import type { AspectSentiment, RuleFinding } from "./types.ts";

/** Judged both ways with the weaker side at least this share of the stronger: neither wins (neutral). */
const BALANCE = 0.7;
const MAX_PHRASE_WORDS = 4;

/**
 * A mention counts when its cue is strong or something judges it. An unjudged mention is dropped from a clause
 * that judges another aspect: "didn't explain the charges" is about communication, not pricing.
 */
export function ruleFindings(
  c: Compiled,
  text: string,
  t: Tokens,
  layout: Layout,
  mentions: readonly Mention[],
): RuleFinding[] {
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
  const out: RuleFinding[] = [];
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
      index: a,
      clause: carrier.clause,
      reversed: carrier.polarity !== 0 && Math.sign(carrier.own) === -carrier.polarity,
      cues: found.map((m): [number, number] => [m.start, m.end]),
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
