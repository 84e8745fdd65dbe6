// The engine's score arithmetic: how a net signal maps into (-1, 1) and how scores are rounded for output.

/** A net text signal squashed into (-1, 1): about ±0.58 at ±1, approaching ±1 only for overwhelming text. */
export function squash(x: number): number {
  return x / Math.sqrt(x * x + 2);
}

/** Three decimals, the precision scores are published at; never -0. */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000 || 0;
}
