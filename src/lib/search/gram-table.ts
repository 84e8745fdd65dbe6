// An open-addressing hash table from trigram keys to dense slot numbers (Map is several times slower at this volume).

export type GramTable = { keys: Float64Array; slots: Int32Array; mask: number; count: number };

const EMPTY = -1;

export function newGramTable(capacityPow2 = 1 << 16): GramTable {
  return {
    keys: new Float64Array(capacityPow2),
    slots: new Int32Array(capacityPow2).fill(EMPTY),
    mask: capacityPow2 - 1,
    count: 0,
  };
}

/** Three UTF-16 code units as one exact number (< 2^48). */
export function gramKey(s: string, i: number): number {
  return s.charCodeAt(i) * 4294967296 + s.charCodeAt(i + 1) * 65536 + s.charCodeAt(i + 2);
}

function hash(key: number): number {
  const lo = key >>> 0;
  const hi = (key / 4294967296) >>> 0;
  return Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) ^ (lo >>> 13);
}

/** The key's slot, or -1. */
export function findSlot(t: GramTable, key: number): number {
  for (let i = hash(key) & t.mask; ; i = (i + 1) & t.mask) {
    const s = t.slots[i]!;
    if (s === EMPTY || t.keys[i] === key) return s;
  }
}

/** The key's slot, adding it with the next dense slot number when new. */
export function slotOf(t: GramTable, key: number): number {
  if ((t.count + 1) * 2 > t.slots.length) grow(t);
  for (let i = hash(key) & t.mask; ; i = (i + 1) & t.mask) {
    const s = t.slots[i]!;
    if (s === EMPTY) {
      t.keys[i] = key;
      t.slots[i] = t.count;
      return t.count++;
    }
    if (t.keys[i] === key) return s;
  }
}

/** The keys of `slotKeys` (in slot order) in a table of their own: the same keys give the same table. */
export function tableOf(slotKeys: ArrayLike<number>): GramTable {
  const t = newGramTable();
  for (let s = 0; s < slotKeys.length; s++) slotOf(t, slotKeys[s]!);
  return t;
}

/** Each slot's key. */
export function slotKeys(t: GramTable): Float64Array {
  const keys = new Float64Array(t.count);
  for (let i = 0; i < t.slots.length; i++) if (t.slots[i]! !== EMPTY) keys[t.slots[i]!] = t.keys[i]!;
  return keys;
}

function grow(t: GramTable): void {
  const { keys, slots } = t;
  const capacity = slots.length * 2;
  t.keys = new Float64Array(capacity);
  t.slots = new Int32Array(capacity).fill(EMPTY);
  t.mask = capacity - 1;
  for (let j = 0; j < slots.length; j++) {
    if (slots[j] === EMPTY) continue;
    for (let i = hash(keys[j]!) & t.mask; ; i = (i + 1) & t.mask) {
      if (t.slots[i] === EMPTY) {
        t.keys[i] = keys[j]!;
        t.slots[i] = slots[j]!;
        break;
      }
    }
  }
}
