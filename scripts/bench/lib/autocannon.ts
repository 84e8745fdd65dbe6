// Typed access to autocannon's programmatic API (the package ships no types): one load run, its totals.
import { createRequire } from "node:module";

export type LoadRun = Readonly<{
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** Run autocannon's load generation in this many worker threads (0: on the main thread). */
  workers?: number;
  /** A POST with this body instead of a GET; `[<id>]` in it is replaced by a fresh id for every request. */
  postBody?: string;
}>;

export type LoadResult = Readonly<{
  requestsPerSecond: number;
  total: number;
  byStatusClass: Readonly<Record<"1xx" | "2xx" | "3xx" | "4xx" | "5xx", number>>;
  errors: number;
  timeouts: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}>;

type RawResult = {
  duration: number;
  errors: number;
  timeouts: number;
  "1xx": number;
  "2xx": number;
  "3xx": number;
  "4xx": number;
  "5xx": number;
  latency: { p50: number; p99: number };
};

type Autocannon = (opts: Record<string, unknown>) => Promise<RawResult>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export async function runLoad(run: LoadRun): Promise<LoadResult> {
  const raw = await autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.durationSeconds,
    headers: run.headers ?? {},
    pipelining: 1,
    ...(run.workers ? { workers: run.workers } : {}),
    ...(run.postBody === undefined ? {} : { method: "POST", body: run.postBody, idReplacement: true }),
  });
  const byStatusClass = {
    "1xx": raw["1xx"],
    "2xx": raw["2xx"],
    "3xx": raw["3xx"],
    "4xx": raw["4xx"],
    "5xx": raw["5xx"],
  };
  const total = Object.values(byStatusClass).reduce((a, b) => a + b, 0);
  return {
    requestsPerSecond: total / raw.duration,
    total,
    byStatusClass,
    errors: raw.errors,
    timeouts: raw.timeouts,
    latencyP50Ms: raw.latency.p50,
    latencyP99Ms: raw.latency.p99,
  };
}
