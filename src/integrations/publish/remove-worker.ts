// A worker thread that removes directories (old releases, dead builds' staging) with synchronous calls, started by
// release.ts. Asynchronous removal queues a request per file on the thread pool (thousands for a 100k release), and a
// build prunes while Vite bundles: Vite's own reads and writes would wait behind them, and the main thread with them.
import { rmSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { yieldToMainThread } from "../../build/thread-priority.ts";

yieldToMainThread();
// Each directory is tried, whatever happened to the others; what failed is reported together.
const failed: string[] = [];
for (const dir of workerData as string[]) {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (err) {
    failed.push(`${dir}: ${(err as Error).message}`);
  }
}
if (failed.length > 0) throw new Error(`could not remove ${failed.join("; ")}`);
parentPort!.postMessage(null);
