// A worker thread that removes directories (old releases, dead builds' staging) with synchronous calls, started by
// release.ts. Asynchronous removal queues a request per file on the thread pool (thousands for a 100k release), and a
// build prunes while Vite bundles: Vite's own reads and writes waited behind them, and the main thread with them.
import { rmSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

for (const dir of workerData as string[]) rmSync(dir, { recursive: true, force: true });
parentPort!.postMessage(null);
