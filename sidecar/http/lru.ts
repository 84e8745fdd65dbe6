// A least-recently-used cache bounded by the bytes of what it holds (recency counted loosely, see below).

export type Lru<V> = Readonly<{
  get: (key: string) => V | undefined;
  set: (key: string, value: V, bytes: number) => void;
}>;

type Entry<V> = { value: V; bytes: number; touched: number };

/**
 * Entries are kept in a Map in the order they were last moved to its end, and evicted from its front. A hit moves its
 * entry only when it may be in the older half: at most `touches - entry.touched` entries lie after it, and one among
 * the newer half by count stays put. Popular answers are then read without rewriting the Map on every hit.
 */
export function createLru<V>(budgetBytes: number): Lru<V> {
  const entries = new Map<string, Entry<V>>();
  let total = 0;
  let touches = 0;
  const moveToEnd = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    entry.touched = ++touches;
    entries.set(key, entry);
  };
  return Object.freeze({
    get: (key: string) => {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (touches - hit.touched >= entries.size / 2) moveToEnd(key, hit);
      return hit.value;
    },
    set: (key: string, value: V, bytes: number) => {
      // One entry may not push out everything else.
      if (bytes > budgetBytes / 4) return;
      const old = entries.get(key);
      if (old) total -= old.bytes;
      moveToEnd(key, { value, bytes, touched: 0 });
      total += bytes;
      for (const [k, v] of entries) {
        if (total <= budgetBytes) break;
        entries.delete(k);
        total -= v.bytes;
      }
    },
  });
}
