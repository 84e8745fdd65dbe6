// wrk (C, one thread) as the load generator where it is installed: autocannon, in Node, is busier per request than a
// fast server, so on a small machine it saturates first and a throughput ratio reads what the client could send.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { LoadResult, LoadRun } from "./autocannon.ts";

/**
 * Counts the answers by status class in each thread, and prints the totals, the latency percentiles (µs) and the
 * socket errors in one line each, for `runWrk` to read. A `response` hook makes wrk hand every answer to Lua, which its
 * documentation calls costly; against nginx's 304s it made no difference here (three pairs of 5 s: 95-113k req/s
 * without it, 98-109k with it).
 */
const REPORT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) c1, c2, c3, c4, c5 = 0, 0, 0, 0, 0 end
function response(status, headers, body)
  local k = math.floor(status / 100)
  if k == 1 then c1 = c1 + 1 elseif k == 2 then c2 = c2 + 1 elseif k == 3 then c3 = c3 + 1
  elseif k == 4 then c4 = c4 + 1 else c5 = c5 + 1 end
end
function done(summary, latency, requests)
  local s = {0, 0, 0, 0, 0}
  for _, t in ipairs(threads) do
    for i, name in ipairs({"c1", "c2", "c3", "c4", "c5"}) do s[i] = s[i] + t:get(name) end
  end
  local e = summary.errors
  io.write(string.format("wrk-status %d %d %d %d %d\\n", s[1], s[2], s[3], s[4], s[5]))
  io.write(string.format("wrk-totals %d %d %d %d\\n", summary.requests, summary.duration,
    e.connect + e.read + e.write, e.timeout))
  io.write(string.format("wrk-latency %d %d\\n", latency:percentile(50), latency:percentile(99)))
end
`;

let reportFile: string | undefined;
const reportScript = () => {
  if (!reportFile) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-wrk-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    reportFile = path.join(dir, "report.lua");
    writeFileSync(reportFile, REPORT);
  }
  return reportFile;
};

/** One wrk run of GETs (one thread, as many connections as asked), with the same result as `runLoad`'s. */
export async function runWrk(run: LoadRun): Promise<LoadResult> {
  if (run.postBody !== undefined || run.workers) throw new Error("runWrk sends GETs from one thread only");
  const headerArgs = Object.entries(run.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const { stdout } = await promisify(execFile)("wrk", [
    "-t1",
    `-c${run.connections}`,
    `-d${run.durationSeconds}s`,
    "-s",
    reportScript(),
    ...headerArgs,
    run.url,
  ]);
  const numbers = (name: string) => {
    const line = stdout.split("\n").find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`wrk printed no ${name} line:\n${stdout}`);
    return line.split(" ").slice(1).map(Number);
  };
  const [s1, s2, s3, s4, s5] = numbers("wrk-status") as [number, number, number, number, number];
  const [requests, durationUs, errors, timeouts] = numbers("wrk-totals") as [number, number, number, number];
  const [p50, p99] = numbers("wrk-latency") as [number, number];
  return {
    requestsPerSecond: requests / (durationUs / 1e6),
    total: s1 + s2 + s3 + s4 + s5,
    byStatusClass: { "1xx": s1, "2xx": s2, "3xx": s3, "4xx": s4, "5xx": s5 },
    errors,
    timeouts,
    latencyP50Ms: p50 / 1000,
    latencyP99Ms: p99 / 1000,
  };
}
