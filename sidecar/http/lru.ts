// A least-recently-used cache bounded by the bytes of what it holds (recency counted loosely, see below).

export type Lru<V> = Readonly<{
  get: (key: string) => V | undefined;
  set: (key: string, value: V, bytes: number) => void;
}>;

type Entry<V> = { value: V; bytes: number; movedAt: number };

/**
 * Entries are kept in a Map in the order they were last moved to its end, and evicted from its front until the bytes
 * held fit the budget. A hit moves its entry only when it may lie in the older half by bytes: at most
 * `moved - entry.movedAt` bytes of entries lie after it (`moved` counts the bytes of every entry moved to the end). One
 * in the newer half stays put, and popular answers are read without rewriting the Map on every hit.
 */
export function createLru<V>(budgetBytes: number): Lru<V> {
  const entries = new Map<string, Entry<V>>();
  let total = 0;
  let moved = 0;
  const moveToEnd = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    entry.movedAt = moved += entry.bytes;
    entries.set(key, entry);
  };
  return Object.freeze({
    get: (key: string) => {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (moved - hit.movedAt >= total / 2) moveToEnd(key, hit);
      return hit.value;
    },
    set: (key: string, value: V, bytes: number) => {
      // One entry may not push out everything else.
      if (bytes > budgetBytes / 4) return;
      const old = entries.get(key);
      if (old) total -= old.bytes;
      moveToEnd(key, { value, bytes, movedAt: 0 });
      total += bytes;
      for (const [k, v] of entries) {
        if (total <= budgetBytes) break;
        entries.delete(k);
        total -= v.bytes;
      }
    },
  });
}
