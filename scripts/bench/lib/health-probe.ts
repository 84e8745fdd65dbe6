// A worker thread of the soak benchmark: GET `url` (/healthz) on a new connection every `everyMs` until `until`, and
// post back each answer's status and time. On an event loop of its own, the times leave out the benchmark's own work.
import { parentPort, workerData } from "node:worker_threads";
import { call } from "./attacks.ts";

export type HealthSample = { status: number; ms: number };

const { url, everyMs, until } = workerData as { url: string; everyMs: number; until: number };
const samples: Promise<HealthSample>[] = [];
const timer = setInterval(() => {
  if (Date.now() >= until) {
    clearInterval(timer);
    void Promise.all(samples).then((all) => parentPort!.postMessage(all));
    return;
  }
  const t = performance.now();
  samples.push(call(url, {}).then(({ status }) => ({ status, ms: performance.now() - t })));
}, everyMs);
