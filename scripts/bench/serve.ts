// Benchmark of the sidecar as it is deployed, against the serving targets: search latency per query shape, search
// requests/s as a ratio to a minimal Hono app, RSS after the load, start-up and MCP tools/call latency. Prints each
// figure with its target and PASS or FAIL; asserts nothing.
// Usage: npm run bench:serve -- [--reviews 100000] [--rebuild] [--duration 10] [--connections 10] [--rounds 3] [--starts 3]
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runLoad } from "./lib/autocannon.ts";
import { cpuBusy } from "./lib/cpu-idle.ts";
import { benchDataSet, parseSizes, ROOT } from "./lib/data-sets.ts";
import { cpuSeconds } from "./lib/process-cpu.ts";
import { MODERN_HEADERS, modernSearchCall, openSession, PROTOCOL, rpc, searchCall } from "./lib/mcp-client.ts";
import { residentMb } from "./lib/rss.ts";
import { SEQUENTIAL_CLIENT, sequentialLatencies } from "./lib/sequential.ts";

const { values } = parseArgs({
  options: {
    reviews: { type: "string", default: "100000" },
    rebuild: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    starts: { type: "string", default: "3" },
  },
});
const [reviews, duration, connections, rounds, starts] = (
  ["reviews", "duration", "connections", "rounds", "starts"] as const
).map((k) => parseSizes(values[k])[0]!) as [number, number, number, number, number];
const REQUESTS = 200;
const WARM_UP = 5;

// The data set and a release built from it, kept in bench-data/ (git-ignored) for the next run unless --rebuild.
const dataDir = benchDataSet(reviews);
const distDir = path.join(ROOT, "bench-data", `release-${reviews}`);
if (values.rebuild || !existsSync(path.join(distDir, "manifest.json"))) {
  console.log(`building ${reviews} reviews into ${distDir} (npm run build) ...`);
  const built = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, DATA_DIR: dataDir, DIST_DIR: distDir },
  });
  if (built.status !== 0) throw new Error(`npm run build exited with ${built.status}`);
} else
  console.log(`reusing the release in ${distDir} (--rebuild after a change to the build or the release's formats)`);
const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-serve-"));
const env = { ...process.env, DATA_DIR: dataDir, DIST_DIR: distDir, HUB_DB: path.join(tmp, "hub.sqlite") };
const busy = await cpuBusy();
console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}` + (busy === undefined ? "" : `, ${(busy * 100).toFixed(0)}% busy before the run`),
);

type Served = { url: string; pid: number; stop: () => Promise<void> };
const children: ChildProcess[] = [];
/** Signals the process group of `child` (npm, its shell and the node process it runs), if it is still there. */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
};
process.on("exit", () => children.forEach((c) => signalGroup(c, "SIGKILL")));

/** `npm run serve` in a process group of its own; resolves once a search is answered, with the time that took. */
async function serve(): Promise<Served & { startupMs: number }> {
  const started = performance.now();
  const child = spawn("npm", ["run", "--silent", "serve"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, HOST: "127.0.0.1", PORT: "0" },
  });
  children.push(child);
  let log = "";
  const url = await new Promise<string>((resolve, reject) => {
    const read = (c: Buffer) => {
      log += c.toString();
      const m = /listening on (http:\/\/[^\s"]+)/.exec(log);
      if (m) resolve(m[1]!);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => reject(new Error(`npm run serve exited with ${code}:\n${log}`)));
  });
  // An ordinary client's first search: a query string no measured shape sends.
  for (;;) {
    const answer = await fetch(`${url}/api/reviews/search?query=start-up`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (performance.now() - started > 60_000) throw new Error(`no search answered within 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - started;
  const exited = new Promise((r) => child.once("exit", r));
  const stop = async () => {
    signalGroup(child, "SIGTERM");
    await exited;
  };
  return { url, pid: await sidecarPid(child.pid!), startupMs, stop };
}

/** The node process npm started (a descendant of `root` whose command line runs sidecar/main.ts). */
async function sidecarPid(root: number): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const m = /^(\d+) \(.*\) \S+ (\d+)/.exec(stat);
    if (m) parents.set(Number(m[1]), Number(m[2]));
  }
  const isDescendant = (pid: number): boolean => pid === root || (pid > 1 && isDescendant(parents.get(pid) ?? 0));
  for (const pid of parents.keys()) {
    const args = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0");
    // The shell npm runs the script in has the whole command line as one argument.
    if (args.some((a) => a.endsWith("sidecar/main.ts") && !a.includes(" ")) && isDescendant(pid)) return pid;
  }
  throw new Error(`no sidecar/main.ts process under pid ${root}`);
}

const results: { measure: string; figure: string; target: string; pass: boolean }[] = [];
const report = (measure: string, figure: string, target: string, pass: boolean) =>
  results.push({ measure, figure, target, pass });
const ms = (x: number) => `${x.toFixed(2)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// (d) start-up of the built release to the first answered search; the last start is measured further.
const startups: number[] = [];
let sidecar: Served | undefined;
for (let i = 0; i < starts; i++) {
  await sidecar?.stop();
  const s = await serve();
  startups.push(s.startupMs);
  sidecar = s;
}
const api = `${sidecar!.url}/api/reviews/search`;

// (a) latency per query shape: request i of a shape sends `value[i % k]` with limit 1 + floor(i / k), so no query
// string is sent twice in the run and every answer is searched for, not found among kept ones.
const business = JSON.parse(await readFile(path.join(dataDir, "business.json"), "utf8")) as {
  technicians: { id: string }[];
  services: { id: string }[];
};
const technicians = business.technicians.map((t) => t.id);
const services = business.services.map((s) => s.id);
const insights = (await (await fetch(`${sidecar!.url}/insights.json`)).json()) as { aspects: { id: string }[] };
const aspects = insights.aspects.map((a) => a.id);
const newest = ((await (await fetch(`${api}?limit=1`)).json()) as { reviews: { date: string }[] }).reviews[0]!.date;
const daysBefore = (days: number) => new Date(Date.parse(newest) - days * 86_400_000).toISOString().slice(0, 10);
/** `vals[i % k]` and a limit of 1 + floor(i / k): a different pair for every whole i (i is floored first). */
const pick = (i: number, vals: readonly string[]) =>
  `${vals[Math.floor(i) % vals.length]}&limit=${1 + Math.floor(Math.floor(i) / vals.length)}`;
const halves = (from: number) => Array.from({ length: 8 }, (_, j) => String(from + j / 2));
const days = (i: number) => daysBefore(7 * (1 + Math.floor(i / 4)));
const COMMON = ["the", "water", "great", "service"];
const RARE = ["xylophone", "quixotic", "zeppelin", "marzipan"];
const shapes: Record<string, { text: boolean; qs: (i: number) => string }> = {
  rating: { text: false, qs: (i) => `rating=${pick(i, ["1", "2", "3", "4", "5"])}` },
  min_rating: { text: false, qs: (i) => `min_rating=${pick(i, halves(1))}` },
  max_rating: { text: false, qs: (i) => `max_rating=${pick(i, halves(1.5))}` },
  since: { text: false, qs: (i) => `since=${days(i)}&limit=${1 + (i % 4) * 25}` },
  until: { text: false, qs: (i) => `until=${days(i)}&limit=${1 + (i % 4) * 25}` },
  mentions_technician: { text: false, qs: (i) => `mentions_technician=${pick(i, technicians)}` },
  mentions_service: { text: false, qs: (i) => `mentions_service=${pick(i, services)}` },
  "aspect, aspect_sentiment": {
    text: false,
    qs: (i) =>
      `aspect=${aspects[i % aspects.length]}&aspect_sentiment=${pick(i / aspects.length, ["positive", "negative"])}`,
  },
  sentiment: { text: false, qs: (i) => `sentiment=${pick(i, ["positive", "neutral", "negative", "mixed"])}` },
  "query, common": { text: true, qs: (i) => `query=${pick(i, COMMON)}` },
  "query, rare": { text: true, qs: (i) => `query=${pick(i, RARE)}` },
  "min_rating, since, query": {
    text: true,
    qs: (i) => `min_rating=4&since=${days(i)}&query=water&limit=${1 + (i % 4) * 25}`,
  },
  "mentions_service, max_rating, sentiment": {
    text: false,
    qs: (i) =>
      `mentions_service=${services[i % services.length]}&max_rating=3&sentiment=${pick(i / services.length, ["negative", "mixed"])}`,
  },
};
const sent = new Set<string>();
for (const [name, shape] of Object.entries(shapes)) {
  const urls = Array.from({ length: WARM_UP + REQUESTS }, (_, i) => `${api}?${shape.qs(i)}`);
  for (const u of urls) {
    if (sent.has(u)) throw new Error(`${name}: ${u} is sent twice`);
    sent.add(u);
  }
  const l = await sequentialLatencies(urls, REQUESTS, WARM_UP);
  if (l.statuses.some((s) => s !== 200)) throw new Error(`${name}: answered ${l.statuses.join(", ")}`);
  const [p99, max] = shape.text ? [10, 25] : [5, 20];
  report(
    `search ${name}, p50 / p99 / max`,
    `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)}`,
    `p99 <= ${p99} ms, max <= ${max} ms`,
    l.p99 <= p99 && l.max <= max,
  );
}

// (e) MCP tools/call search_reviews, one call after another, on a 2025-11-25 session and sessionless 2026-07-28.
const mcp = `${sidecar!.url}/mcp`;
const session = await openSession(mcp);
const callArgs = (i: number, rating: string) => ({
  sentiment: ["positive", "neutral", "negative", "mixed"][i % 4],
  [rating]: 1 + (Math.floor(i / 4) % 5),
  limit: 1 + Math.floor(i / 20),
});
const generations = {
  [`${PROTOCOL} session`]: (i: number) =>
    rpc(mcp, searchCall(i, callArgs(i, "rating")), { "mcp-session-id": session, "mcp-protocol-version": PROTOCOL }),
  "2026-07-28 sessionless": (i: number) => rpc(mcp, modernSearchCall(i, callArgs(i, "min_rating")), MODERN_HEADERS),
};
for (const [name, call] of Object.entries(generations)) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const t0 = performance.now();
    const answer = (await call(i))["result"] as { isError?: boolean; content?: unknown };
    if (answer.isError) throw new Error(`${name}: call ${i} answered an error: ${JSON.stringify(answer.content)}`);
    if (i >= WARM_UP) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.ceil(0.99 * times.length) - 1]!;
  report(`MCP tools/call, ${name}, p50 / p99`, `${ms(median(times))} / ${ms(p99)}`, "p99 <= 10 ms", p99 <= 10);
}

// (b) requests/s of one search against a minimal Hono app answering its body, rounds alternating between the two.
const LOAD_PATH = "/api/reviews/search?min_rating=4";
const body = Buffer.from(await (await fetch(sidecar!.url + LOAD_PATH)).arrayBuffer());
await writeFile(path.join(tmp, "body.json"), body);
const hono = spawn(
  process.execPath,
  [fileURLToPath(new URL("lib/hono-baseline.ts", import.meta.url)), path.join(tmp, "body.json")],
  { detached: true, stdio: ["ignore", "pipe", "inherit"] },
);
children.push(hono);
const honoUrl = await new Promise<string>((resolve) =>
  hono.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
);
const rps = { sidecar: [] as number[], hono: [] as number[] };
// The server's CPU time per request beside: autocannon shares the machine, and other load moves req/s more than this.
const cpuUs = { sidecar: [] as number[], hono: [] as number[] };
for (let r = 0; r < rounds; r++) {
  for (const [name, url, pid] of [
    ["hono", honoUrl + LOAD_PATH, hono.pid!],
    ["sidecar", sidecar!.url + LOAD_PATH, sidecar!.pid],
  ] as const) {
    const cpuBefore = await cpuSeconds(pid);
    const run = await runLoad({ url, connections, durationSeconds: duration });
    const cpuAfter = await cpuSeconds(pid);
    if (run.byStatusClass["2xx"] !== run.total || run.errors || run.timeouts)
      throw new Error(`${name}: non-2xx answers or errors: ${JSON.stringify(run)}`);
    rps[name].push(run.requestsPerSecond);
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpuUs[name].push(((cpuAfter - cpuBefore) * 1e6) / run.total);
  }
}
const ratio = median(rps.sidecar) / median(rps.hono);
report(
  `search req/s / minimal Hono app (${body.length} bytes)`,
  `${median(rps.sidecar).toFixed(0)} / ${median(rps.hono).toFixed(0)} = ${ratio.toFixed(2)}`,
  ">= 0.8",
  ratio >= 0.8,
);

// (c) resident memory after the load, and (d) start-up.
const rss = (await residentMb(sidecar!.pid)).rss;
report("RSS after the load", `${rss} MiB`, "<= 300 MiB", rss <= 300);
report(
  "start-up to the first answered search (median)",
  `${(median(startups) / 1000).toFixed(2)} s of ${startups.map((t) => (t / 1000).toFixed(2)).join(", ")}`,
  "<= 3 s",
  median(startups) <= 3000,
);
await sidecar!.stop();
signalGroup(hono, "SIGTERM");
await rm(tmp, { recursive: true, force: true });

console.log(
  `\n${reviews} reviews; ${REQUESTS} sequential requests per shape from ${SEQUENTIAL_CLIENT} after ${WARM_UP} unmeasured; ` +
    `load: autocannon, ${connections} connections, ${rounds} rounds of ${duration} s (medians of ${rps.sidecar.map((x) => x.toFixed(0)).join(", ")} and ${rps.hono.map((x) => x.toFixed(0)).join(", ")} req/s)`,
);
if (cpuUs.sidecar.length > 0 && cpuUs.hono.length > 0)
  console.log(
    `server CPU per request under that load, medians: sidecar ${median(cpuUs.sidecar).toFixed(1)} µs, minimal Hono app ` +
      `${median(cpuUs.hono).toFixed(1)} µs (ratio ${(median(cpuUs.hono) / median(cpuUs.sidecar)).toFixed(2)})`,
  );
const width = Math.max(...results.map((r) => r.measure.length));
const figureWidth = Math.max(...results.map((r) => r.figure.length));
for (const r of results)
  console.log(
    `${r.measure.padEnd(width)}  ${r.figure.padEnd(figureWidth)}  ${r.target.padEnd(26)}  ${r.pass ? "PASS" : "FAIL"}`,
  );
