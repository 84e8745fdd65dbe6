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
