// Benchmark: a soak of the sidecar as one process. Mixed traffic at the machine's capacity (search, since, static files
// with and without validators, MCP tool calls, hub pings) for --seconds while the data gains a review and is rebuilt
// every --rebuild seconds (0: never); prints errors, the slowest request of each kind and resident memory over time.
// With --attacks, the attacks of issue 44's findings 1-4 run beside it for the whole time (scripts/bench/lib/attacks.ts
// and slow-clients.ts), the per-client limits are the defaults and nginx (deploy/nginx/reviews.conf) is in front of
// the clients of finding 1; it samples /healthz every 100 ms and prints PASS or FAIL against the issue's targets.
// Usage: node scripts/bench/soak.ts [--seconds 60] [--rebuild 10] [--workers 16] [--reviews 2000]
//        node scripts/bench/soak.ts --attacks --reviews 100000 --rebuild 0 [--slow 2000] [--stalled 500]
import { once } from "node:events";
import { appendFile, chmod, copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { buildSite } from "../lib/build-site.ts";
import { startNginx } from "../lib/nginx-process.ts";
import { ROOT, startSidecar } from "../lib/sidecar-process.ts";
import { politeClient, posingClient, sinceFlood, type Tally } from "./lib/attacks.ts";
import { benchDataSet } from "./lib/data-sets.ts";
import type { HealthSample } from "./lib/health-probe.ts";
import { HEADERS, initialize, initialized, post as mcpPost, openSession, searchCall } from "./lib/mcp-client.ts";
import { residentMb } from "./lib/rss.ts";
import { slowConnections, stalledDownloads } from "./lib/slow-clients.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    rebuild: { type: "string", default: "10" },
    workers: { type: "string", default: "16" },
    reviews: { type: "string", default: "2000" },
    attacks: { type: "boolean", default: false },
    slow: { type: "string", default: "2000" },
    stalled: { type: "string", default: "500" },
  },
});
const ATTACKS = values.attacks;
const SECONDS = Number(values.seconds);
const REBUILD = Number(values.rebuild);
const WORKERS = Number(values.workers);
const SITE = "https://soak.example.test";

const tmp = await mkdtemp(path.join(os.tmpdir(), "soak-"));
// nginx's workers read the release as another user.
await chmod(tmp, 0o755);
const source = benchDataSet(Number(values.reviews));
// Rebuilds add reviews to a copy; without them the build reads the data set itself (its insights cache stays warm).
const data = REBUILD > 0 ? path.join(tmp, "data") : source;
if (REBUILD > 0) {
  await mkdir(data);
  await copyFile(path.join(source, "reviews.jsonl"), path.join(data, "reviews.jsonl"));
  await copyFile(path.join(ROOT, "data", "business.json"), path.join(data, "business.json"));
}
// Without rebuilds the release is kept in bench-data/ (git-ignored) for the next run: a build at 100k takes minutes.
const distDir =
  REBUILD > 0 ? path.join(tmp, "dist") : path.join(ROOT, "bench-data", `soak-release-${values.reviews}`, "dist");
const build = async () => {
  const built = await buildSite({ dataDir: data, distDir, siteUrl: SITE });
  if (built.code !== 0) throw new Error(`build failed: ${built.stderr}`);
};
if (REBUILD > 0 || !existsSync(path.join(distDir, "manifest.json"))) await build();
else console.log(`reusing the release in ${distDir}`);
// Without attacks one client sends every hub ping and opens every session: its limits are raised, as for a trusted
// publisher. With them the limits are the defaults, and nginx (127.0.0.1) is the trusted proxy.
const sidecar = await startSidecar(
  {
    DIST_DIR: distDir,
    SITE_URL: SITE,
    HUB_DB: path.join(tmp, "hub.sqlite"),
    ...(ATTACKS
      ? { TRUST_PROXY: "127.0.0.1/32" }
      : {
          WEBSUB_RATE_LIMIT: "1000000",
          MCP_MAX_SESSIONS_PER_CLIENT: "1000000",
          MCP_SESSION_RATE_PER_CLIENT: "1000000",
        }),
  },
  // A sidecar at 100k reviews on a busy machine takes a while to open its release.
  { timeoutMs: 180_000 },
);
const base = sidecar.url;
const nginx = ATTACKS
  ? await startNginx({ distDir, siteUrl: SITE, sidecarPorts: [Number(new URL(base).port)] })
  : undefined;
const agent = new Agent({ keepAlive: true, maxSockets: WORKERS * 2 });

type Outcome = { kind: string; status: number; ms: number };
const outcomes: Outcome[] = [];

function get(
  p: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${p}`, { agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

type SourceReview = { published_at: string; verified: object };
const lines = (await readFile(path.join(data, "reviews.jsonl"), "utf8")).split("\n").filter(Boolean);
const sourceReview = (line: string): SourceReview => JSON.parse(line) as SourceReview;
const recent = (): string => sourceReview(lines[Math.floor(Math.random() * lines.length)]!).published_at.slice(0, 10);
const SEARCHES = ["rating=5", "min_rating=4&limit=50", "query=leak", "query=on%20time&rating=1", "since=2024-01-01"];
let etag = "";
/** With --attacks, each worker keeps one MCP session: opening one per call would pass the per-client limits. */
const sessions: string[] = [];

const kinds: Record<string, (worker: number) => Promise<number>> = {
  search: async () =>
    (await get(`/api/reviews/search?${SEARCHES[Math.floor(Math.random() * SEARCHES.length)]}`)).status,
  since: async () => (await get(`/api/reviews/since/${recent()}`, { "accept-encoding": "gzip" })).status,
  static: async () => {
    const res = await get(
      "/reviews.json",
      etag ? { "if-none-match": etag, "accept-encoding": "br" } : { "accept-encoding": "br" },
    );
    if (typeof res.headers["etag"] === "string") etag = res.headers["etag"];
    return res.status;
  },
  page: async () => (await get("/", { "accept-encoding": "br" })).status,
  mcp: async (w) => {
    if (ATTACKS) {
      sessions[w] ??= await openSession(`${base}/mcp`);
      return (await mcpPost(`${base}/mcp`, searchCall(2), { "mcp-session-id": sessions[w] })).status;
    }
    const init = await mcpPost(`${base}/mcp`, initialize(1), {});
    const session = init.session!;
    await mcpPost(`${base}/mcp`, initialized, { "mcp-session-id": session });
    const call = await mcpPost(`${base}/mcp`, searchCall(2), { "mcp-session-id": session });
    await new Promise<void>((resolve) => {
      const req = request(
        `${base}/mcp`,
        { method: "DELETE", agent, headers: { ...HEADERS, "mcp-session-id": session } },
        (res) => {
          res.resume();
          res.on("end", resolve);
        },
      );
      req.end();
    });
    return call.status;
  },
  hub: async () => (await sidecar.post({ "hub.mode": "publish", "hub.url": `${SITE}/feed.xml` })).status,
};
// With --attacks the hub is pinged by the client behind nginx, within the default rate limit.
const names = Object.keys(kinds).filter((k) => !ATTACKS || k !== "hub");

/** Finding 2's distinct dates: every day a review was published, in a random order. */
const days = ATTACKS ? shuffled([...new Set(lines.map((l) => sourceReview(l).published_at.slice(0, 10)))]) : [];

const started = Date.now();
const until = started + SECONDS * 1000;
const rss: { at: number; mb: number }[] = [];
let firstRebuildAt = 0;
let rebuilds = 0;
const sampler = setInterval(() => {
  void residentMb(sidecar.child.pid!).then(({ rss: mb }) => rss.push({ at: Date.now(), mb }));
}, 500);
// /healthz where docs/deploy.md points health checks (the admin listener, connections of its own) and on the public one.
const probe = (url: string) =>
  once(
    new Worker(new URL("./lib/health-probe.ts", import.meta.url), { workerData: { url, everyMs: 100, until } }),
    "message",
  ) as Promise<[HealthSample[]]>;
const adminUrl = String(sidecar.logs.find((l) => l.msg.startsWith("admin listening on"))!["url"]);
const health = { admin: probe(`${adminUrl}/healthz`), public: probe(`${base}/healthz`) };
// The event loop's delays are read from here on (the read starts them over).
await sidecar.admin("/api/status");
const attacks = ATTACKS ? runAttacks() : undefined;
const rebuilder = (async () => {
  while (REBUILD > 0 && Date.now() + REBUILD * 1000 < until) {
    await new Promise((r) => setTimeout(r, REBUILD * 1000));
    const review = sourceReview(lines[0]!);
    const at = new Date(Date.parse(review.published_at) + (rebuilds + 1) * 60_000)
      .toISOString()
      .replace(/\.\d+Z$/, "Z");
    await appendFile(
      path.join(data, "reviews.jsonl"),
      `${JSON.stringify({ ...review, id: `soak-${rebuilds}`, published_at: at, updated_at: null, verified: { ...review.verified, verified_at: at } })}\n`,
    );
    await build();
    rebuilds++;
    if (!firstRebuildAt) firstRebuildAt = Date.now();
  }
})();
await Promise.all(
  Array.from({ length: WORKERS }, async (_, w) => {
    for (let i = w; Date.now() < until; i++) {
      const kind = names[i % names.length]!;
      const t = performance.now();
      let status: number;
      try {
        status = await kinds[kind]!(w);
      } catch {
        status = 0;
      }
      outcomes.push({ kind, status, ms: performance.now() - t });
    }
  }),
);
await rebuilder;
const attacked = await attacks;
clearInterval(sampler);
const final = (await residentMb(sidecar.child.pid!)).rss;
const statusAtEnd: unknown = await (await sidecar.admin("/api/status")).json();
await nginx?.stop();
await sidecar.stop();
await rm(tmp, { recursive: true, force: true });

const ok = (o: Outcome) => (o.status >= 200 && o.status < 300) || o.status === 304;
const settledAfter = rss.find((r) => r.at >= firstRebuildAt + 2000)?.mb ?? rss[0]!.mb;
console.log(
  `soak: ${SECONDS} s, ${WORKERS} workers, ${values.reviews} reviews, ${rebuilds} rebuilds every ${REBUILD} s` +
    `${ATTACKS ? ", attacks of issue 44's findings 1-4" : ""}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
);
const errors = outcomes.filter((o) => !ok(o));
const byStatus: Record<string, number> = {};
for (const o of errors) byStatus[`${o.kind} ${o.status}`] = (byStatus[`${o.kind} ${o.status}`] ?? 0) + 1;
console.log(
  `requests ${outcomes.length} (${Math.round(outcomes.length / SECONDS)}/s), errors ${errors.length} ${JSON.stringify(byStatus)}`,
);
const latencies = (ms: number[]) => {
  const of = ms.sort((a, b) => a - b);
  const p = (q: number) => of[Math.min(of.length - 1, Math.floor(q * of.length))]!.toFixed(1);
  return `${String(of.length).padStart(6)}  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  max ${of.at(-1)!.toFixed(1)} ms`;
};
for (const kind of names)
  console.log(`  ${kind.padEnd(7)} ${latencies(outcomes.filter((o) => o.kind === kind).map((o) => o.ms))}`);
console.log(
  `slowest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(1)} ms; over 1 s: ${outcomes.filter((o) => o.ms > 1000).length}`,
);
const maxRss = Math.max(...rss.map((r) => r.mb));
console.log(
  `RSS MiB: ${rebuilds ? "settled after the first rebuild" : "at the start"} ${settledAfter}, max ${maxRss}, at the end ${final} (${final - settledAfter >= 0 ? "+" : ""}${final - settledAfter})`,
);
const healthz: Record<string, { p99: number; failed: number }> = {};
for (const [listener, samples] of Object.entries(health)) {
  const [of] = await samples;
  const failed = of.filter((h) => h.status !== 200).length;
  healthz[listener] = { p99: of.map((h) => h.ms).sort((a, b) => a - b)[Math.floor(0.99 * of.length)]!, failed };
  console.log(`/healthz, ${listener.padEnd(6)} ${latencies(of.map((h) => h.ms))}, not 200: ${failed}`);
}
const { event_loop_delay_ms: lag } = (statusAtEnd as { process: { event_loop_delay_ms: Record<string, number> } })
  .process;
console.log(`the sidecar's event loop ran late by p50 ${lag["p50"]} ms, p99 ${lag["p99"]} ms, max ${lag["max"]} ms`);
if (attacked) {
  for (const [name, tally] of Object.entries(attacked)) console.log(`  ${name}: ${JSON.stringify(tally)}`);
  const refused = Object.keys(attacked["client behind nginx"]!).filter((k) => !/ 20[02]$/.test(k));
  const verdict = (pass: boolean, what: string) => console.log(`${pass ? "PASS" : "FAIL"} ${what}`);
  for (const [listener, { p99, failed }] of Object.entries(healthz))
    verdict(
      p99 < 100 && failed === 0,
      `/healthz on the ${listener} listener: p99 ${p99.toFixed(1)} ms < 100 ms, all 200`,
    );
  verdict(maxRss < 600, `RSS max ${maxRss} MiB < 600 MiB`);
  verdict(refused.length === 0, `the client behind nginx got every session and ping (refused: ${refused.join(", ")})`);
}

/** The attacks of findings 1-4 until the end of the run, all at once; what each got. */
async function runAttacks(): Promise<Record<string, Tally>> {
  const [posing, polite, since, slow, stalled] = await Promise.all([
    posingClient(nginx!.url, SITE, until),
    politeClient(nginx!.url, SITE, until),
    sinceFlood(base, days, until),
    slowConnections(base, new URL(SITE).host, Number(values.slow), until),
    stalledDownloads(base, "/reviews.json", { perWave: Number(values.stalled), waveS: 20, cutAfterS: 35, until }),
  ]);
  return {
    "1. one client posing as many behind nginx": posing,
    "client behind nginx": polite,
    "2. since, identity, 60 in flight": since,
    [`3. slow connections (longest lived ${slow.longestS} s)`]: slow.tally,
    "4. stalled downloads of /reviews.json": stalled,
  };
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
