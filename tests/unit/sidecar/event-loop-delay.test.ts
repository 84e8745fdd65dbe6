// The admin status's event-loop delays: a block of the loop shows as its length, and each read starts a new window.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { it } from "node:test";
import { watchEventLoopDelay } from "../../../sidecar/ops/event-loop-delay.ts";

it("reports a 60 ms block of the event loop as a delay of at least 50 ms, then starts over", async () => {
  const delay = watchEventLoopDelay();
  try {
    await sleep(50);
    const blockedUntil = performance.now() + 60;
    while (performance.now() < blockedUntil);
    await sleep(30);
    const blocked = delay.read();
    assert.ok(blocked.samples > 0, "the timer was sampled");
    assert.ok(blocked.max >= 50, `max ${blocked.max} ms`);
    assert.ok(blocked.p50 <= blocked.p99 && blocked.p99 <= blocked.max, JSON.stringify(blocked));
    assert.deepEqual(delay.read(), { p50: 0, p99: 0, max: 0, samples: 0 }, "a read at once has nothing new");
  } finally {
    delay.stop();
  }
});
