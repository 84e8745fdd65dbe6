// Running a build step on a worker thread: every failure, the worker's start included, is a rejection naming the step.
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { runWorker } from "../../../src/build/run-worker.ts";

test("rejects, never throws, when the worker cannot be started with its data", async () => {
  let started: Promise<unknown> | undefined;
  assert.doesNotThrow(() => {
    // A function cannot be copied to another thread: the Worker constructor throws.
    started = runWorker("src/build/review-hashes-worker.ts", { f: () => {} }, z.string());
  });
  await assert.rejects(started!, /could not be cloned/);
});

test("rejects naming the step when the worker fails or reports what it should not", async () => {
  await assert.rejects(runWorker("src/build/no-such-worker.ts", null, z.string()), /no-such-worker\.ts/);
  // The hashing worker given bytes answers a string; asked for a number, the answer is refused.
  await assert.rejects(
    runWorker("src/build/review-hashes-worker.ts", Buffer.from('{"reviews":[]}'), z.number()),
    /review-hashes-worker\.ts reported an unexpected result/,
  );
});
