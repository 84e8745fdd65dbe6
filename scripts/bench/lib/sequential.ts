// Latency of requests sent one after another on one kept-alive connection: the distribution a single client sees,
// without the queueing of a concurrent load hiding (or causing) a slow answer. curl sends them where it is installed:
// a Node client receives a 2 MB answer as 32 new buffers, and the full collections they bring about every 20 such
// answers made its own p99 (8-10 ms against curl's 0.9 ms from the same server, 2026-11-27).
import { execFile } from "node:child_process";
import { Agent, request } from "node:http";
import { promisify } from "node:util";
import { installed } from "./installed.ts";

export type Latencies = Readonly<{ p50: number; p99: number; max: number; statuses: readonly number[] }>;

/** The client `sequentialLatencies` uses on this machine. */
export const SEQUENTIAL_CLIENT: "curl" | "node:http" = installed("curl") ? "curl" : "node:http";

/**
 * Sends `n` GETs in sequence (after `warmUp` unmeasured ones) and returns p50, p99 and max in ms: of `url` each time,
 * or of `url[i]` for the i-th request (`warmUp + n` URLs).
 */
export async function sequentialLatencies(
  url: string | readonly string[],
  n: number,
  headers: Record<string, string> = {},
  warmUp = 5,
): Promise<Latencies> {
  const urls = typeof url === "string" ? Array.from({ length: warmUp + n }, () => url) : url;
  if (urls.length !== warmUp + n) throw new Error(`expected ${warmUp + n} URLs, got ${urls.length}`);
  const answers = await (SEQUENTIAL_CLIENT === "curl" ? curlSequence : nodeSequence)(urls, headers);
  const measured = answers.slice(warmUp);
  const times = measured.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: times.at(-1)!, statuses: [...new Set(measured.map((a) => a.status))] };
}

type Answer = { ms: number; status: number };

/**
 * One curl process given every URL: curl keeps the connection open between them. Each answer's total time
 * (request sent to last byte), status and new connections are written out; a second connection is an error: the
 * requests must be the ones a kept-alive client sends.
 */
async function curlSequence(urls: readonly string[], headers: Record<string, string>): Promise<Answer[]> {
  // A quoted value of curl's configuration, where \ escapes (an ETag is quoted itself).
  const quoted = (value: string) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  const config = [
    // A URL's [] and {} are not globs.
    "globoff",
    ...Object.entries(headers).map(([name, value]) => `header = ${quoted(`${name}: ${value}`)}`),
    `write-out = "%{http_code} %{time_total} %{num_connects}\\n"`,
    ...urls.map((url) => `url = ${quoted(url)}\noutput = "/dev/null"`),
  ].join("\n");
  const child = promisify(execFile)("curl", ["--silent", "--show-error", "--http1.1", "--config", "-"], {
    maxBuffer: 64 * urls.length + 1024,
  });
  child.child.stdin!.end(config);
  const { stdout } = await child;
  const lines = stdout.trim().split("\n");
  if (lines.length !== urls.length) throw new Error(`curl answered ${lines.length} of ${urls.length} requests`);
  return lines.map((line, i) => {
    const [status, seconds, connects] = line.split(" ").map(Number) as [number, number, number];
    if (i > 0 && connects !== 0) throw new Error(`curl opened a new connection for request ${i + 1}: ${urls[i]}`);
    return { ms: seconds * 1000, status };
  });
}

async function nodeSequence(urls: readonly string[], headers: Record<string, string>): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (url: string) =>
    new Promise<Answer>((resolve, reject) => {
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
    const answers: Answer[] = [];
    for (const url of urls) answers.push(await once(url));
    return answers;
  } finally {
    agent.destroy();
  }
}
