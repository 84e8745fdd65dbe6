// 95% confidence intervals for the eval figures: Wilson for a proportion, a seeded percentile bootstrap for micro F1.
import { mulberry32 } from "../learn/random.ts";
import { type Counts, type EvalItem, type Prediction, prf } from "./metrics.ts";

const Z95 = 1.959964;

/** Wilson score interval of k successes in n trials. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 0];
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Percentile bootstrap of micro precision, recall and F1 over sentences (resampled with replacement), from a fixed
 * seed so that a rerun prints the same interval.
 */
export function bootstrapMicro(
  items: readonly EvalItem[],
  predict: (item: EvalItem) => Prediction,
  rounds = 2000,
  seed = 20,
): { precision: [number, number]; recall: [number, number]; f1: [number, number] } {
  const per: Counts[] = items.map((item) => {
    const p = predict(item);
    const c = { tp: 0, fp: 0, fn: 0 };
    for (const a of new Set([...Object.keys(item.aspects), ...p.keys()])) {
      if (item.aspects[a] && p.has(a)) c.tp++;
      else if (item.aspects[a]) c.fn++;
      else c.fp++;
    }
    return c;
  });
  const next = mulberry32(seed);
  const ps: number[] = [];
  const rs: number[] = [];
  const fs: number[] = [];
  for (let r = 0; r < rounds && per.length; r++) {
    const s = { tp: 0, fp: 0, fn: 0 };
    for (let i = 0; i < per.length; i++) {
      const c = per[Math.floor(next() * per.length)]!;
      s.tp += c.tp;
      s.fp += c.fp;
      s.fn += c.fn;
    }
    const { precision, recall, f1 } = prf(s);
    ps.push(precision);
    rs.push(recall);
    fs.push(f1);
  }
  return { precision: percentiles(ps), recall: percentiles(rs), f1: percentiles(fs) };
}

function percentiles(xs: number[]): [number, number] {
  if (xs.length === 0) return [0, 0];
  xs.sort((a, b) => a - b);
  const at = (q: number) => xs[Math.min(xs.length - 1, Math.max(0, Math.round(q * (xs.length - 1))))]!;
  return [at(0.025), at(0.975)];
}
