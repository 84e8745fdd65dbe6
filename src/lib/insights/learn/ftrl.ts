// FTRL-proximal (McMahan et al., "Ad Click Prediction: a View from the Trenches", 2013) for sparse logistic and softmax
// models: per-coordinate learning rates, L1 that sets unhelpful weights exactly to zero, L2; deterministic by seed.
import { mulberry32, shuffle } from "./random.ts";

export type FtrlOptions = {
  alpha: number;
  beta: number;
  l1: number;
  l2: number;
  epochs: number;
  seed: number;
};

/** Sparse feature counts (sorted feature indices, feature 0 reserved for the bias) and a target per output. */
export type Example = { index: Int32Array; value: Float64Array; target: Float64Array };

/**
 * Trains `outputs` weights per feature. "logistic": independent yes/no outputs (targets 0 or 1 each); "softmax": one
 * distribution over the outputs (targets sum to 1). Returns the weights, feature-major (`features * outputs`).
 */
export function ftrl(
  examples: readonly Example[],
  features: number,
  outputs: number,
  kind: "logistic" | "softmax",
  o: FtrlOptions,
): Float64Array {
  const z = new Float64Array(features * outputs);
  const n = new Float64Array(features * outputs);
  const weight = (at: number, feature: number): number => {
    const l1 = feature === 0 ? 0 : o.l1;
    const zi = z[at]!;
    if (Math.abs(zi) <= l1) return 0;
    return -(zi - Math.sign(zi) * l1) / ((o.beta + Math.sqrt(n[at]!)) / o.alpha + o.l2);
  };
  const order = examples.map((_, i) => i);
  const random = mulberry32(o.seed);
  const s = new Float64Array(outputs);
  let ws = new Float64Array(64 * outputs);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    shuffle(order, random);
    for (const e of order) {
      const { index, value, target } = examples[e]!;
      if (ws.length < index.length * outputs) ws = new Float64Array(index.length * outputs * 2);
      s.fill(0);
      for (let j = 0; j < index.length; j++)
        for (let k = 0; k < outputs; k++) {
          const wi = weight(index[j]! * outputs + k, index[j]!);
          ws[j * outputs + k] = wi;
          s[k]! += wi * value[j]!;
        }
      probabilities(s, kind);
      for (let k = 0; k < outputs; k++) s[k] = s[k]! - target[k]!;
      for (let j = 0; j < index.length; j++)
        for (let k = 0; k < outputs; k++) {
          const at = index[j]! * outputs + k;
          const g = s[k]! * value[j]!;
          const sigma = (Math.sqrt(n[at]! + g * g) - Math.sqrt(n[at]!)) / o.alpha;
          z[at]! += g - sigma * ws[j * outputs + k]!;
          n[at]! += g * g;
        }
    }
  }
  const out = new Float64Array(features * outputs);
  for (let f = 0; f < features; f++)
    for (let k = 0; k < outputs; k++) out[f * outputs + k] = weight(f * outputs + k, f);
  return out;
}

/** Scores to probabilities, in place. */
function probabilities(s: Float64Array, kind: "logistic" | "softmax"): void {
  if (kind === "logistic") {
    for (let k = 0; k < s.length; k++) s[k] = 1 / (1 + Math.exp(-s[k]!));
    return;
  }
  let max = -Infinity;
  for (let k = 0; k < s.length; k++) max = Math.max(max, s[k]!);
  let sum = 0;
  for (let k = 0; k < s.length; k++) sum += s[k] = Math.exp(s[k]! - max);
  for (let k = 0; k < s.length; k++) s[k] = s[k]! / sum;
}
