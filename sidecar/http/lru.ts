// A least-recently-used cache bounded by the bytes of what it holds.

export type Lru<V> = Readonly<{
  get: (key: string) => V | undefined;
  set: (key: string, value: V, bytes: number) => void;
}>;

export function createLru<V>(budgetBytes: number): Lru<V> {
  const entries = new Map<string, { value: V; bytes: number }>();
  let total = 0;
  return Object.freeze({
    get: (key: string) => {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    },
    set: (key: string, value: V, bytes: number) => {
      // One entry may not push out everything else.
      if (bytes > budgetBytes / 4) return;
      const old = entries.get(key);
      if (old) total -= old.bytes;
      entries.delete(key);
      entries.set(key, { value, bytes });
      total += bytes;
      for (const [k, v] of entries) {
        if (total <= budgetBytes) break;
        entries.delete(k);
        total -= v.bytes;
      }
    },
  });
}
