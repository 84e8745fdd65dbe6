// Running a build step on a worker thread: the step is a module under src/ whose one message reports its result.
import path from "node:path";
import { Worker } from "node:worker_threads";

/** Runs the worker module `file` (relative to the project root) to its end; resolves with the one message it posts. */
export function runWorker<T>(file: string, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.resolve(file), { workerData });
    let done: { message: T } | null = null;
    worker.once("message", (message: T) => (done = { message }));
    worker.once("error", (err) => reject(new Error(`${file} failed: ${err.message}`, { cause: err })));
    worker.once("exit", (code) =>
      code === 0 && done ? resolve(done.message) : reject(new Error(`${file} stopped (exit code ${code}) unfinished`)),
    );
  });
}
