// Composes a review's text, title, later edit and the owner's reply, with a tone that agrees with the star rating.
import { ASPECTS, NEUTRAL, type Aspect, type AspectBank } from "./phrases/aspects.ts";
import {
  CLOSERS,
  CONTEXT,
  CONTRASTS,
  EMOJI,
  GENERAL,
  NAMING,
  ONE_LINERS,
  OPENERS,
  type Tone,
} from "./phrases/framing.ts";
import { NEGATIVE } from "./phrases/negative.ts";
import { POSITIVE } from "./phrases/positive.ts";
import { REPLIES, SPANISH, TITLES, UPDATES } from "./phrases/replies.ts";
import { fullWidth, roughen } from "./quirks.ts";
import type { Random } from "./random.ts";
import { fill, fits, type Refs } from "./refs.ts";

type Polarity = "positive" | "neutral" | "negative";

const BANKS: Readonly<Record<Polarity, AspectBank>> = { positive: POSITIVE, neutral: NEUTRAL, negative: NEGATIVE };

// How each star rating spreads its aspect judgements: a 5 never blames, a 1 never praises, a 3 does both.
const POLARITY: Readonly<Record<number, Readonly<Partial<Record<Polarity, number>>>>> = {
  5: { positive: 92, neutral: 8 },
  4: { positive: 75, neutral: 15, negative: 10 },
  3: { positive: 35, neutral: 25, negative: 40 },
  2: { positive: 12, neutral: 13, negative: 75 },
  1: { neutral: 8, negative: 92 },
};
const CONTRAST_CHANCE: Readonly<Record<number, number>> = { 5: 0, 4: 0.35, 3: 0.45, 2: 0.15, 1: 0 };

function toneOf(rating: number): Tone {
  return rating >= 4 ? "positive" : rating === 3 ? "mixed" : "negative";
}

function pickFitting(
  rng: Random,
  templates: readonly string[],
  refs: Refs,
  first: string | null = null,
): string | null {
  const usable = templates.filter((t) => fits(t, refs, first));
  return usable.length > 0 ? rng.pick(usable) : null;
}

function judge(rng: Random, aspect: Aspect, polarity: Polarity, refs: Refs): string | null {
  return pickFitting(rng, BANKS[polarity][aspect], refs);
}

/** Templates judging `count` distinct aspects; on mixed ratings one of them may be a contrast of two aspects. */
function judgements(rng: Random, rating: number, count: number, refs: Refs): string[] {
  const out: string[] = [];
  let exclude: Aspect[] = [];
  if (rng.chance(CONTRAST_CHANCE[rating]!)) {
    const c = rng.pick(CONTRASTS);
    out.push(c.text);
    exclude = [c.positive, c.negative];
  }
  const aspects = rng.sample(
    ASPECTS.filter((a) => !exclude.includes(a)),
    count - out.length,
  );
  for (const aspect of aspects) {
    const template = judge(rng, aspect, rng.weighted(POLARITY[rating] as Record<Polarity, number>), refs);
    if (template) out.push(template);
  }
  return out;
}

function oneLiner(rng: Random, rating: number, refs: Refs): string {
  const tone = toneOf(rating);
  const r = rng.next();
  let template = r < 0.4 ? pickFitting(rng, ONE_LINERS[tone], refs) : null;
  if (!template && r < 0.75)
    template = tone === "mixed" ? rng.pick(CONTRASTS).text : judge(rng, rng.pick(ASPECTS), tone, refs);
  let line = fill(rng, template ?? pickFitting(rng, GENERAL[tone], refs)!, refs);
  if (rng.chance(0.02)) line = fullWidth(line);
  return rng.chance(0.25) ? `${line} ${rng.pick(EMOJI[tone])}` : line;
}

/** Adds a sentence naming what the review is about but has not named yet; mostly, not always. */
function nameWhatIsMissing(rng: Random, templates: string[], tone: Tone, refs: Refs): void {
  const names = (key: string) => templates.some((t) => t.includes(key));
  if (refs.techs.length > 0 && !names("{tech") && rng.chance(0.8)) {
    templates.splice(rng.int(0, templates.length), 0, rng.pick(NAMING.tech[tone]));
  }
  if (refs.service !== null && !names("{svc}") && rng.chance(0.8)) templates.unshift(rng.pick(NAMING.svc[tone]));
  if (refs.area !== null && !names("{area}") && rng.chance(0.5)) templates.push(rng.pick(NAMING.area[tone]));
}

/** Splits sentences into 2-4 paragraphs at random points. */
function paragraphs(rng: Random, sentences: string[]): string {
  const cuts = rng.sample(sentences.map((_, i) => i).slice(1), rng.int(1, 3)).sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const cut of [...cuts, sentences.length]) {
    parts.push(sentences.slice(from, cut).join(" "));
    from = cut;
  }
  return parts.join("\n\n");
}

export function composeText(rng: Random, rating: number, refs: Refs): string {
  const tone = toneOf(rating);
  const kind = rng.weighted({ one: 25, short: 35, medium: 28, long: 12 });
  if (kind === "one") return roughen(rng, oneLiner(rng, rating, refs));
  const templates: string[] = [];
  const opener = rng.chance(kind === "short" ? 0.45 : 0.85) ? pickFitting(rng, OPENERS, refs) : null;
  if (opener) templates.push(opener);
  if (kind === "long") templates.push(...rng.sample(CONTEXT, rng.int(1, 3)));
  const count = kind === "short" ? rng.int(1, 2) : kind === "medium" ? rng.int(3, 4) : rng.int(5, 9);
  templates.push(...judgements(rng, rating, count, refs));
  const general = rng.chance(0.25) ? pickFitting(rng, GENERAL[tone], refs) : null;
  if (general) templates.splice(rng.chance(0.5) ? 0 : templates.length, 0, general);
  const closer = rng.chance(kind === "short" ? 0.35 : 0.6) ? pickFitting(rng, CLOSERS[tone], refs) : null;
  if (closer) templates.push(closer);
  nameWhatIsMissing(rng, templates, tone, refs);
  const sentences = templates.map((t) => fill(rng, t, refs));
  if (rng.chance(0.12)) sentences.push(rng.pick(EMOJI[tone]));
  const text =
    kind === "long" && sentences.length > 2
      ? paragraphs(rng, sentences)
      : sentences.join(rng.weighted({ " ": 86, "  ": 8, "\n": 6 }));
  return roughen(rng, text);
}

export function composeSpanish(rng: Random, rating: number, refs: Refs): string {
  return fill(rng, pickFitting(rng, SPANISH[toneOf(rating)], refs)!, refs);
}

export function composeTitle(rng: Random, rating: number, refs: Refs): string {
  return fill(rng, pickFitting(rng, TITLES[toneOf(rating)], refs)!, refs);
}

export function composeUpdate(rng: Random, rating: number, refs: Refs): string {
  return fill(rng, rng.pick(UPDATES[toneOf(rating)]), refs);
}

export function composeReply(rng: Random, rating: number, refs: Refs, first: string | null): string {
  return fill(rng, pickFitting(rng, REPLIES[toneOf(rating)], refs, first)!, refs, first);
}
