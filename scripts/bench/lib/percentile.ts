// The nearest-rank percentile of figures sorted in ascending order: the smallest at or above a share `q` (0-1) of them.
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
