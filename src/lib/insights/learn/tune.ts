// Chooses how the classifier and the rules combine, over drafts of sentences the model was not trained on
// (out-of-fold): the thresholds with the best aspect-and-polarity F1 by coordinate ascent over fixed grids, then the
// most conservative ones within one standard error of that best (Breiman's rule), so the rules keep what they get right.
import type { AspectSentiment, Draft, Engine } from "../engine/analyze.ts";
import type { Thresholds } from "../engine/model.ts";
import { mulberry32 } from "./random.ts";

export type Scored = { draft: Draft; gold: Readonly<Record<string, AspectSentiment>> };

type Counts = { tp: number; fp: number; fn: number; right: number };
export type Score = Counts & {
  /** Aspect and polarity both right, as F1 over (sentence, aspect, polarity). */
  joint: number;
  f1: number;
  accuracy: number;
};

/** The analysis without the classifier's say: nothing added, nothing dropped, the rules' polarity kept. */
export const RULES_ONLY: Thresholds = {
  add: 1,
  add_beside: 1,
  veto_neutral: 0,
  veto_polar: 0,
  neutral_override: 1,
  flip: 1,
  unjudge: 1,
};

/** Each grid runs from "the classifier decides most" to the rules-only value, the most conservative. */
const GRID: Record<keyof Thresholds, number[]> = {
  add: [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1],
  add_beside: [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1],
  veto_neutral: [0.3, 0.2, 0.15, 0.1, 0.05, 0.02, 0],
  veto_polar: [0.2, 0.15, 0.1, 0.05, 0.02, 0],
  neutral_override: [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
  flip: [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1],
  unjudge: [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1],
};
const KEYS = Object.keys(GRID) as (keyof Thresholds)[];
const ROUNDS = 6;
const BOOTSTRAP_ROUNDS = 200;
const SEED = 7;

function countsOf(finish: Engine["finish"], item: Scored, th: Thresholds | null): Counts {
  const c = { tp: 0, fp: 0, fn: 0, right: 0 };
  const found = finish(item.draft, th).aspects;
  for (const f of found) {
    const gold = item.gold[f.aspect];
    if (gold === undefined) c.fp++;
    else {
      c.tp++;
      if (gold === f.sentiment) c.right++;
    }
  }
  for (const a of Object.keys(item.gold)) if (!found.some((f) => f.aspect === a)) c.fn++;
  return c;
}

function summary({ tp, fp, fn, right }: Counts): Score {
  // A wrong polarity is both a false and a missed (sentence, aspect, polarity).
  const wrong = tp - right;
  return {
    tp,
    fp,
    fn,
    right,
    joint: right === 0 ? 0 : (2 * right) / (2 * right + fp + fn + 2 * wrong),
    f1: tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn),
    accuracy: tp === 0 ? 0 : right / tp,
  };
}

export function score(finish: Engine["finish"], items: readonly Scored[], th: Thresholds | null): Score {
  return summary(sum(items.map((item) => countsOf(finish, item, th))));
}

function sum(counts: readonly Counts[]): Counts {
  const total = { tp: 0, fp: 0, fn: 0, right: 0 };
  for (const c of counts) {
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
    total.right += c.right;
  }
  return total;
}

/** The standard error of the joint F1 under `th`, by a seeded bootstrap over sentences. */
function standardError(finish: Engine["finish"], items: readonly Scored[], th: Thresholds): number {
  const per = items.map((item) => countsOf(finish, item, th));
  const random = mulberry32(SEED);
  const values: number[] = [];
  for (let round = 0; round < BOOTSTRAP_ROUNDS; round++)
    values.push(summary(sum(Array.from(per, () => per[Math.floor(random() * per.length)]!))).joint);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
}

export function tune(
  finish: Engine["finish"],
  items: readonly Scored[],
): { thresholds: Thresholds; score: Score; best: { thresholds: Thresholds; score: Score }; se: number } {
  let best = { ...RULES_ONLY };
  let bestScore = score(finish, items, best);
  for (let round = 0; round < ROUNDS; round++) {
    let changed = false;
    for (const key of KEYS) {
      for (const value of GRID[key]) {
        if (value === best[key]) continue;
        const candidate = { ...best, [key]: value };
        const s = score(finish, items, candidate);
        if (s.joint > bestScore.joint + 1e-12) {
          best = candidate;
          bestScore = s;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }

  // Then one grid step at a time towards the rules, the step that loses least, while within one standard error.
  const se = standardError(finish, items, best);
  let chosen = best;
  let chosenScore = bestScore;
  for (;;) {
    let step: { thresholds: Thresholds; score: Score } | null = null;
    for (const key of KEYS) {
      const grid = GRID[key];
      const at = grid.indexOf(chosen[key]);
      if (at < 0 || at === grid.length - 1) continue;
      const candidate = { ...chosen, [key]: grid[at + 1]! };
      const s = score(finish, items, candidate);
      if (s.joint >= bestScore.joint - se && (!step || s.joint > step.score.joint))
        step = { thresholds: candidate, score: s };
    }
    if (!step) break;
    chosen = step.thresholds;
    chosenScore = step.score;
  }
  return { thresholds: chosen, score: chosenScore, best: { thresholds: best, score: bestScore }, se };
}
