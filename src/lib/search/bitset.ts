// Fixed-size bitsets over review positions (newest-first order): the algebra search filters combine with.

export type Bitset = Uint32Array;

export function emptyBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

export function setBit(b: Bitset, i: number): void {
  b[i >>> 5]! |= 1 << (i & 31);
}

export function hasBit(b: Bitset, i: number): boolean {
  return (b[i >>> 5]! & (1 << (i & 31))) !== 0;
}

/** Sets bits [lo, hi). */
export function setRange(b: Bitset, lo: number, hi: number): void {
  for (let i = lo; i < hi && (i & 31) !== 0; i++) setBit(b, i);
  let i = (lo + 31) & ~31;
  for (; i + 32 <= hi; i += 32) b[i >>> 5] = 0xffffffff;
  for (i = Math.max(i, lo); i < hi; i++) setBit(b, i);
}

/** target &= other */
export function andInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
}

/** target |= other */
export function orInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w++) target[w]! |= other[w]!;
}

export function popcount(b: Bitset): number {
  let n = 0;
  for (let w = 0; w < b.length; w++) {
    let v = b[w]!;
    v = v - ((v >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

/** Calls `visit` for each set bit at or after `from`, ascending, until it returns false. */
export function forEachFrom(b: Bitset, from: number, visit: (i: number) => boolean): void {
  for (let w = from >>> 5; w < b.length; w++) {
    let v = b[w]!;
    if (w === from >>> 5) v &= ~0 << (from & 31);
    while (v !== 0) {
      const bit = 31 - Math.clz32(v & -v);
      if (!visit((w << 5) | bit)) return;
      v &= v - 1;
    }
  }
}
