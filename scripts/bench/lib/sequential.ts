// Latency of GETs sent one after another by curl on one kept-alive connection: the distribution a single client sees,
// without the queueing of a concurrent load hiding (or causing) a slow answer. curl rather than a Node client: a Node
// client receives a 2 MB answer as 32 new buffers, and the full collections they bring about every 20 such answers
// made its own p99 (8-10 ms against curl's 0.9 ms from the same server, 2026-11-27).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { percentile } from "./percentile.ts";

export type Latencies = Readonly<{ p50: number; p99: number; max: number; statuses: readonly number[] }>;

export const SEQUENTIAL_CLIENT = "curl";

/**
 * Sends `n` GETs in sequence (after `warmUp` unmeasured ones) and returns p50, p99 and max in ms: of `url` each time,
 * or of `url[i]` for the i-th request (`warmUp + n` URLs). Each answer's total time (request sent to last byte), status
 * and new connections are written out; a second connection is an error.
 */
export async function sequentialLatencies(url: string | readonly string[], n: number, warmUp = 5): Promise<Latencies> {
  const urls = typeof url === "string" ? Array.from({ length: warmUp + n }, () => url) : url;
  if (urls.length !== warmUp + n) throw new Error(`expected ${warmUp + n} URLs, got ${urls.length}`);
  // A quoted value of curl's configuration, where \ escapes; a URL's [] and {} are not globs.
  const quoted = (value: string) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  const config = [
    "globoff",
    `write-out = "%{http_code} %{time_total} %{num_connects}\\n"`,
    ...urls.map((u) => `url = ${quoted(u)}\noutput = "/dev/null"`),
  ].join("\n");
  const child = promisify(execFile)("curl", ["--silent", "--show-error", "--http1.1", "--config", "-"], {
    maxBuffer: 64 * urls.length + 1024,
  });
  child.child.stdin!.end(config);
  const lines = (await child).stdout.trim().split("\n");
  if (lines.length !== urls.length) throw new Error(`curl answered ${lines.length} of ${urls.length} requests`);
  const answers = lines.map((line, i) => {
    const [status, seconds, connects] = line.split(" ").map(Number) as [number, number, number];
    if (i > 0 && connects !== 0) throw new Error(`curl opened a new connection for request ${i + 1}: ${urls[i]}`);
    return { ms: seconds * 1000, status };
  });
  const measured = answers.slice(warmUp);
  const times = measured.map((a) => a.ms).sort((a, b) => a - b);
  const statuses = [...new Set(measured.map((a) => a.status))];
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times.at(-1)!, statuses };
}
