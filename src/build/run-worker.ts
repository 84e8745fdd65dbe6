// Running a build step on a worker thread: the step is a module under src/ whose one message reports its result.
import path from "node:path";
import v8 from "node:v8";
import { Worker } from "node:worker_threads";
import { z } from "zod";

/**
 * Each worker's young generation, in MB. The build's process flags give the main thread a large one
 * (BUILD_NODE_OPTIONS in scripts/lib/astro-build.ts), and V8 flags take precedence over a worker's own limits: left
 * set, they would give every worker 64 MB it does not use, three of them at once at a build's peak. They are cleared
 * before a worker is made, for the rest of the process; V8 reads them when it makes a heap, and the main thread's is
 * made.
 */
const WORKER_YOUNG_GENERATION_MB = 24;

/**
 * Runs the worker module `file` (relative to the project root) to its end; resolves with the one message it posts,
 * checked against `result`: a message crosses from another thread untyped. `stop` ends it early, unfinished.
 */
export function runWorker<T>(file: string, workerData: unknown, result: z.ZodType<T>, stop?: AbortSignal): Promise<T> {
  // Made out here: the closures below would keep `workerData`, which the worker has its own copy (or share) of from
  // now on, until it ends. What the constructor throws is a rejection, as any other failure.
  let worker: Worker;
  try {
    v8.setFlagsFromString("--min-semi-space-size=0 --max-semi-space-size=0");
    worker = new Worker(path.resolve(file), {
      workerData,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
  } catch (err) {
    return Promise.reject(err as Error);
  }
  return new Promise((resolve, reject) => {
    stop?.addEventListener("abort", () => void worker.terminate(), { once: true });
    let done: { message: unknown } | null = null;
    worker.once("message", (message: unknown) => (done = { message }));
    worker.once("error", (err) => reject(new Error(`${file} failed: ${err.message}`, { cause: err })));
    worker.once("exit", (code) => {
      if (code !== 0 || !done) return reject(new Error(`${file} stopped (exit code ${code}) unfinished`));
      const parsed = result.safeParse(done.message);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`${file} reported an unexpected result:\n${z.prettifyError(parsed.error)}`));
    });
  });
}
