// Running a build step on a worker thread: every failure, the worker's start included, is a rejection naming the step.
import assert from "node:assert/strict";
import { test } from "node:test";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import { BUILD_NODE_OPTIONS } from "../../../scripts/lib/astro-build.ts";
import { runWorker } from "../../../src/build/run-worker.ts";

const execFileAsync = promisify(execFile);

/** Module code that sets `newSpace` to the size of its thread's young generation. */
const NEW_SPACE = `import v8 from "node:v8";
const newSpace = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;`;

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

test("a worker's young generation is its own, not the one the build's flags give the main thread", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "run-worker-"));
  try {
    const worker = path.join(dir, "young.mjs");
    await writeFile(
      worker,
      `import { parentPort } from "node:worker_threads";\n${NEW_SPACE}\nparentPort.postMessage(newSpace);\n`,
    );
    const run = path.join(dir, "run.mjs");
    await writeFile(
      run,
      `import { runWorker } from ${JSON.stringify(path.resolve("src/build/run-worker.ts"))};
      import { z } from ${JSON.stringify(import.meta.resolve("zod"))};
      ${NEW_SPACE}
      console.log(JSON.stringify({ main: newSpace, worker: await runWorker(${JSON.stringify(worker)}, null, z.number()) }));`,
    );
    const { stdout } = await execFileAsync(process.execPath, [...BUILD_NODE_OPTIONS, run]);
    const { main, worker: young } = JSON.parse(stdout) as { main: number; worker: number };
    const mb = 2 ** 20;
    assert.ok(main >= 32 * mb, `the main thread's new space is ${main / mb} MB, as the build's flags ask`);
    assert.ok(young <= 24 * mb, `the worker's new space is ${young / mb} MB`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
