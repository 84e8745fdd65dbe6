// The worker keeps at most `concurrency` jobs in flight, fills free slots at once, and drains on stop.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { memoryLogger } from "../../helpers/logger.ts";
import { createWorker, type WorkSource } from "../../../sidecar/websub/worker.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A queue of job durations (ms), claimed like the store does. */
function queue(
  name: string,
  durations: number[],
  stats: { running: number; peak: number; done: string[] },
): WorkSource {
  let next = 0;
  return {
    name,
    claim: async (limit) =>
      durations.splice(0, limit).map((ms) => {
        const id = `${name}${next++}`;
        return async () => {
          stats.running++;
          stats.peak = Math.max(stats.peak, stats.running);
          await sleep(ms);
          stats.running--;
          stats.done.push(id);
        };
      }),
  };
}

describe("worker", () => {
  it("never runs more than `concurrency` jobs, and a slow job does not hold up the others", async () => {
    const stats = { running: 0, peak: 0, done: [] as string[] };
    const jobs = [2000, ...new Array<number>(40).fill(5)];
    const worker = createWorker({
      concurrency: 4,
      sources: [queue("d", jobs, stats)],
      nextDueAt: async () => undefined,
      logger: memoryLogger(),
    });
    const started = Date.now();
    worker.start();
    while (stats.done.length < 40) await sleep(5);
    assert.ok(Date.now() - started < 1000, `40 quick jobs took ${Date.now() - started} ms next to a slow one`);
    assert.equal(stats.peak, 4);
    assert.ok(!stats.done.includes("d0"), "the slow job is still running");
    await worker.stop();
    assert.equal(worker.inFlight(), 0);
    assert.ok(stats.done.includes("d0"), "stop waited for the job in flight");
  });

  it("serves earlier sources first and wakes up when work is kicked", async () => {
    const stats = { running: 0, peak: 0, done: [] as string[] };
    const verifications = [1, 1];
    const deliveries = [1, 1];
    const worker = createWorker({
      concurrency: 1,
      sources: [queue("v", verifications, stats), queue("d", deliveries, stats)],
      nextDueAt: async () => undefined,
      logger: memoryLogger(),
    });
    worker.start();
    while (stats.done.length < 4) await sleep(2);
    assert.deepEqual(stats.done, ["v0", "v1", "d0", "d1"]);
    deliveries.push(1);
    worker.kick();
    while (stats.done.length < 5) await sleep(2);
    await worker.stop();
  });

  it("sleeps until the next job falls due, then claims it", async () => {
    const stats = { running: 0, peak: 0, done: [] as string[] };
    const dueAt = Date.now() + 150;
    const later = queue("d", [1], stats);
    const worker = createWorker({
      concurrency: 2,
      sources: [{ name: "d", claim: (limit) => (Date.now() >= dueAt ? later.claim(limit) : Promise.resolve([])) }],
      nextDueAt: async () => (stats.done.length === 0 ? dueAt : undefined),
      logger: memoryLogger(),
    });
    worker.start();
    while (stats.done.length < 1) await sleep(5);
    const late = Date.now() - dueAt;
    assert.ok(late >= 0 && late < 500, `ran ${late} ms after it fell due`);
    await worker.stop();
  });

  it("claims a retry when it falls due although the other slots stay busy", async () => {
    const busy = Array.from({ length: 7 }, () => async () => void (await sleep(1500)));
    const retryAt = Date.now() + 200;
    const attempts: number[] = [];
    const failing = async () => {
      attempts.push(Date.now());
      return attempts.length === 1 ? retryAt : undefined;
    };
    let claimed = false;
    const worker = createWorker({
      concurrency: 8,
      sources: [
        {
          name: "d",
          claim: async () => {
            if (!claimed) return ((claimed = true), [...busy, failing]);
            return Date.now() >= retryAt && attempts.length === 1 ? [failing] : [];
          },
        },
      ],
      nextDueAt: async () => (attempts.length === 1 ? retryAt : undefined),
      logger: memoryLogger(),
    });
    worker.start();
    while (attempts.length < 2) await sleep(5);
    const late = attempts[1]! - retryAt;
    assert.ok(late >= 0 && late < 300, `retried ${late} ms after it fell due`);
    assert.equal(worker.inFlight(), 7, "the busy jobs were still running");
    await worker.stop();
  });

  it("logs a job that throws and carries on", async () => {
    const logger = memoryLogger();
    let claimed = false;
    const worker = createWorker({
      concurrency: 2,
      sources: [
        {
          name: "x",
          claim: async () => (claimed ? [] : ((claimed = true), [async () => Promise.reject(new Error("boom"))])),
        },
      ],
      nextDueAt: async () => undefined,
      logger,
    });
    worker.start();
    while (logger.records.length === 0) await sleep(2);
    assert.equal(logger.records[0]?.msg, "websub job failed unexpectedly");
    await worker.stop();
  });
});
