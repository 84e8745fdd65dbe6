// Latency of requests sent one after another on one kept-alive connection: the distribution a single client sees,
// without the queueing of a concurrent load hiding (or causing) a slow answer.
import { Agent, request } from "node:http";

export type Latencies = Readonly<{ p50: number; p99: number; max: number; statuses: readonly number[] }>;

/** Sends `n` GETs of `url` in sequence (after `warmUp` unmeasured ones) and returns p50, p99 and max in ms. */
export async function sequentialLatencies(
  url: string,
  n: number,
  headers: Record<string, string> = {},
  warmUp = 5,
): Promise<Latencies> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<{ ms: number; status: number }>((resolve, reject) => {
      const started = performance.now();
      const req = request(url, { agent, headers }, (res) => {
        res.on("data", () => undefined);
        res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode! }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  try {
    for (let i = 0; i < warmUp; i++) await once();
    const times: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < n; i++) {
      const { ms, status } = await once();
      times.push(ms);
      statuses.add(status);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    return { p50: at(0.5), p99: at(0.99), max: times.at(-1)!, statuses: [...statuses] };
  } finally {
    agent.destroy();
  }
}
