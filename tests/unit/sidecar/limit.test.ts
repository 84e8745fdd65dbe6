// The bound on tasks at once: never more than it allows, the waiting ones in order, a failed task's place given on.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createLimit } from "../../../sidecar/db/limit.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("createLimit", () => {
  it("runs at most `max` tasks at once, the others in the order they came", async () => {
    const limit = createLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      [30, 10, 10, 10, 10].map((ms, i) =>
        limit(async () => {
          started.push(i);
          peak = Math.max(peak, ++running);
          await sleep(ms);
          running--;
          return i * 10;
        }),
      ),
    );
    assert.deepEqual(results, [0, 10, 20, 30, 40]);
    assert.equal(peak, 2);
    assert.deepEqual(started, [0, 1, 2, 3, 4]);
  });

  it("gives a failed task's place to the next one and passes the failure on", async () => {
    const limit = createLimit(1);
    const failed = limit(async () => Promise.reject(new Error("boom")));
    const next = limit(async () => "ran");
    await assert.rejects(failed, /boom/);
    assert.equal(await next, "ran");
  });

  it("refuses a bound that is not a positive whole number", () => {
    assert.throws(() => createLimit(0), /max: expected a positive integer, got 0/);
  });
});
