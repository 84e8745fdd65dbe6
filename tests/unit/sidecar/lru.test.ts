// The byte-bounded cache of answers: the least recently used go first, a hit keeps an entry, nothing outgrows the budget.
import assert from "node:assert/strict";
import { it } from "node:test";
import { createLru } from "../../../sidecar/http/lru.ts";

const filled = (keys: string[]) => {
  const lru = createLru<string>(400);
  for (const k of keys) lru.set(k, k.toUpperCase(), 100);
  return lru;
};
const held = (lru: ReturnType<typeof filled>, keys: string[]) => keys.filter((k) => lru.get(k) !== undefined);

it("evicts the least recently set entry when the budget is exceeded", () => {
  const lru = filled(["a", "b", "c", "d", "e"]);
  assert.deepEqual(held(lru, ["a", "b", "c", "d", "e"]), ["b", "c", "d", "e"]);
});

it("keeps an old entry that was asked for, and evicts the next oldest instead", () => {
  const lru = filled(["a", "b", "c", "d"]);
  assert.equal(lru.get("a"), "A");
  lru.set("e", "E", 100);
  lru.set("f", "F", 100);
  assert.deepEqual(held(lru, ["a", "b", "c", "d", "e", "f"]), ["a", "d", "e", "f"]);
});

it("replaces an entry set again, counting its bytes once", () => {
  const lru = filled(["a", "b", "c", "d"]);
  lru.set("b", "B2", 100);
  assert.deepEqual(held(lru, ["a", "b", "c", "d"]), ["a", "b", "c", "d"]);
  assert.equal(lru.get("b"), "B2");
});

it("does not keep one entry over a quarter of the budget", () => {
  const lru = filled(["a"]);
  lru.set("big", "BIG", 101);
  assert.equal(lru.get("big"), undefined);
  assert.equal(lru.get("a"), "A");
});

it("leaves an entry asked for where it is while it lies in the newer half by bytes", () => {
  const lru = createLru<string>(400);
  for (const [k, bytes] of [
    ["a", 10],
    ["b", 10],
    ["c", 10],
    ["d", 100],
    ["e", 100],
    ["f", 100],
  ] as const)
    lru.set(k, k.toUpperCase(), bytes);
  // At most 200 of the 330 bytes lie after d: it may be in the older half, and is moved to the end.
  assert.equal(lru.get("d"), "D");
  // Only d's 100 bytes lie after f: it stays where it is, before d (a strict order would put it after d).
  assert.equal(lru.get("f"), "F");
  // Each 100 bytes more push out the oldest: a, b and c, then e, then f.
  for (const k of ["g", "h", "i"]) lru.set(k, k.toUpperCase(), 100);
  assert.deepEqual(held(lru, ["a", "b", "c", "d", "e", "f", "g", "h", "i"]), ["d", "g", "h", "i"]);
});
