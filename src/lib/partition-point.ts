// The binary search every sorted column here uses: where a predicate that holds on a prefix stops holding.

/** The first index in [0, length) at which `holds` is false, given that it is true before and false from there on. */
export function partitionPoint(length: number, holds: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
