// Typed access to autocannon's programmatic API (the package ships no types): one run of GETs, its totals.
import { createRequire } from "node:module";

export type LoadRun = Readonly<{ url: string; connections: number; durationSeconds: number }>;

export type LoadResult = Readonly<{
  requestsPerSecond: number;
  total: number;
  byStatusClass: Readonly<Record<"1xx" | "2xx" | "3xx" | "4xx" | "5xx", number>>;
  errors: number;
  timeouts: number;
}>;

type RawResult = Record<"duration" | "errors" | "timeouts" | "1xx" | "2xx" | "3xx" | "4xx" | "5xx", number>;

const autocannon = createRequire(import.meta.url)("autocannon") as (
  opts: Record<string, unknown>,
) => Promise<RawResult>;

export async function runLoad(run: LoadRun): Promise<LoadResult> {
  const raw = await autocannon({ url: run.url, connections: run.connections, duration: run.durationSeconds });
  const byStatusClass = {
    "1xx": raw["1xx"],
    "2xx": raw["2xx"],
    "3xx": raw["3xx"],
    "4xx": raw["4xx"],
    "5xx": raw["5xx"],
  };
  const total = Object.values(byStatusClass).reduce((a, b) => a + b, 0);
  return { requestsPerSecond: total / raw.duration, total, byStatusClass, errors: raw.errors, timeouts: raw.timeouts };
}
