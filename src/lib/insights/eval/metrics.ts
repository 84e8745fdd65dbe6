// Scores aspect analysis against labelled sentences: detection precision/recall/F1, polarity accuracy, confusion matrix.
import { z } from "zod";
import type { AspectSentiment } from "../engine/analyze.ts";

export const EvalItem = z
  .object({
    id: z.string().min(1),
    split: z.enum(["dev", "test", "blind", "sealed"]).meta({
      description:
        "dev: looked at while building the engine; test: held out from tuning; blind: written and labelled after the engine was frozen; sealed: written from the taxonomy alone before a round's engine work, run once at its end",
    }),
    text: z.string().min(1),
    rating: z.int().min(1).max(5).nullable().default(null),
    aspects: z.record(z.string(), z.enum(["positive", "negative", "neutral"])),
    tags: z.array(z.string()).default([]),
  })
  .strict();
export type EvalItem = z.output<typeof EvalItem>;

export type Prediction = ReadonlyMap<string, AspectSentiment>;
export type Counts = { tp: number; fp: number; fn: number };
type Prf = Counts & { precision: number; recall: number; f1: number };
const CLASSES = ["positive", "negative", "neutral", "absent"] as const;
type ConfusionClass = (typeof CLASSES)[number];

export type EvalReport = {
  items: number;
  gold_pairs: number;
  per_aspect: Record<string, Prf>;
  micro: Prf;
  macro_f1: number;
  /** Polarity right among gold aspects the engine found (SemEval-2014 style: accuracy given the aspect). */
  polarity_accuracy: number;
  polarity_scored: number;
  /** Aspect and polarity both right, as F1 over (item, aspect, polarity) triples. */
  joint: Prf;
  /** confusion[gold][predicted] over (item, aspect) pairs present in either. */
  confusion: Record<ConfusionClass, Record<ConfusionClass, number>>;
  errors: { id: string; text: string; gold: Record<string, string>; predicted: Record<string, string> }[];
};

export function evaluate(
  items: readonly EvalItem[],
  predict: (item: EvalItem) => Prediction,
  aspectIds: readonly string[],
): EvalReport {
  const per: Record<string, Counts> = Object.fromEntries(aspectIds.map((a) => [a, { tp: 0, fp: 0, fn: 0 }]));
  const joint: Counts = { tp: 0, fp: 0, fn: 0 };
  const confusion = Object.fromEntries(
    CLASSES.map((g) => [g, Object.fromEntries(CLASSES.map((p) => [p, 0]))]),
  ) as EvalReport["confusion"];
  let polarityRight = 0;
  let polarityScored = 0;
  let goldPairs = 0;
  const errors: EvalReport["errors"] = [];
  for (const item of items) {
    const predicted = predict(item);
    let wrong = false;
    for (const aspect of new Set([...Object.keys(item.aspects), ...predicted.keys()])) {
      const g = item.aspects[aspect];
      const p = predicted.get(aspect);
      const counts = (per[aspect] ??= { tp: 0, fp: 0, fn: 0 });
      confusion[g ?? "absent"][p ?? "absent"]++;
      if (g) goldPairs++;
      if (g && p) {
        counts.tp++;
        polarityScored++;
        if (g === p) {
          polarityRight++;
          joint.tp++;
        } else {
          joint.fp++;
          joint.fn++;
          wrong = true;
        }
      } else if (g) {
        counts.fn++;
        joint.fn++;
        wrong = true;
      } else {
        counts.fp++;
        joint.fp++;
        wrong = true;
      }
    }
    if (wrong)
      errors.push({ id: item.id, text: item.text, gold: item.aspects, predicted: Object.fromEntries(predicted) });
  }
  const perAspect = Object.fromEntries(Object.entries(per).map(([a, c]) => [a, prf(c)]));
  const total = Object.values(per).reduce((s, c) => ({ tp: s.tp + c.tp, fp: s.fp + c.fp, fn: s.fn + c.fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
  const f1s = aspectIds.map((a) => perAspect[a]!.f1);
  return {
    items: items.length,
    gold_pairs: goldPairs,
    per_aspect: perAspect,
    micro: prf(total),
    macro_f1: f1s.reduce((s, x) => s + x, 0) / Math.max(1, f1s.length),
    polarity_accuracy: polarityScored ? polarityRight / polarityScored : 0,
    polarity_scored: polarityScored,
    joint: prf(joint),
    confusion,
    errors,
  };
}

export function prf(c: Counts): Prf {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { ...c, precision, recall, f1 };
}

/** Parses the JSON Lines eval set; errors name the line. */
export function parseEvalSet(text: string, source: string): EvalItem[] {
  const items: EvalItem[] = [];
  const ids = new Set<string>();
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new Error(`${source}:${i + 1}: invalid JSON (${(err as Error).message})`, { cause: err });
    }
    const r = EvalItem.safeParse(value);
    if (!r.success)
      throw new Error(
        `${source}:${i + 1}: ${r.error.issues.map((x) => `${x.path.join(".") || "(line)"}: ${x.message}`).join("; ")}`,
      );
    if (ids.has(r.data.id)) throw new Error(`${source}:${i + 1}: duplicate id '${r.data.id}'`);
    ids.add(r.data.id);
    items.push(r.data);
  });
  return items;
}

export { CLASSES as CONFUSION_CLASSES };
