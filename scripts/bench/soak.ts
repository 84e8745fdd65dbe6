// Benchmark: a soak of the sidecar as one process. Mixed traffic at the machine's capacity (search, since, static files
// with and without validators, MCP tool calls, hub pings) for --seconds while the data gains a review and is rebuilt
// every --rebuild seconds; prints errors, the slowest request of each kind and resident memory over time.
// Usage: node scripts/bench/soak.ts [--seconds 60] [--rebuild 10] [--workers 16] [--reviews 2000]
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildSite } from "../lib/build-site.ts";
import { ROOT, startSidecar } from "../lib/sidecar-process.ts";
import { benchDataSet } from "./lib/data-sets.ts";
import { HEADERS, initialize, initialized, post as mcpPost, searchCall } from "./lib/mcp-client.ts";
import { residentMb } from "./lib/rss.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    rebuild: { type: "string", default: "10" },
    workers: { type: "string", default: "16" },
    reviews: { type: "string", default: "2000" },
  },
});
const SECONDS = Number(values.seconds);
const REBUILD = Number(values.rebuild);
const WORKERS = Number(values.workers);
const SITE = "https://soak.example.test";

const tmp = await mkdtemp(path.join(os.tmpdir(), "soak-"));
const data = path.join(tmp, "data");
const source = benchDataSet(Number(values.reviews));
await mkdir(data);
await copyFile(path.join(source, "reviews.jsonl"), path.join(data, "reviews.jsonl"));
await copyFile(path.join(ROOT, "data", "business.json"), path.join(data, "business.json"));
const distDir = path.join(tmp, "dist");
const build = async () => {
  const built = await buildSite({ dataDir: data, distDir, siteUrl: SITE });
  if (built.code !== 0) throw new Error(`build failed: ${built.stderr}`);
};
await build();
// One client sends every hub ping here: its rate limit is raised, as for a trusted publisher.
const sidecar = await startSidecar({
  DIST_DIR: distDir,
  SITE_URL: SITE,
  HUB_DB: path.join(tmp, "hub.sqlite"),
  WEBSUB_RATE_LIMIT: "1000000",
  MCP_MAX_SESSIONS_PER_CLIENT: "1000000",
  MCP_SESSION_RATE_PER_CLIENT: "1000000",
});
const base = sidecar.url;
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

const kinds: Record<string, () => Promise<number>> = {
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
  mcp: async () => {
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
const names = Object.keys(kinds);

const started = Date.now();
const until = started + SECONDS * 1000;
const rss: { at: number; mb: number }[] = [];
let firstRebuildAt = 0;
let rebuilds = 0;
const sampler = setInterval(() => {
  void residentMb(sidecar.child.pid!).then(({ rss: mb }) => rss.push({ at: Date.now(), mb }));
}, 1000);
const rebuilder = (async () => {
  while (Date.now() + REBUILD * 1000 < until) {
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
        status = await kinds[kind]!();
      } catch {
        status = 0;
      }
      outcomes.push({ kind, status, ms: performance.now() - t });
    }
  }),
);
await rebuilder;
clearInterval(sampler);
const final = (await residentMb(sidecar.child.pid!)).rss;
await sidecar.stop();
await rm(tmp, { recursive: true, force: true });

const ok = (o: Outcome) => (o.status >= 200 && o.status < 300) || o.status === 304;
const settledAfter = rss.find((r) => r.at >= firstRebuildAt + 2000)?.mb ?? rss[0]!.mb;
console.log(
  `soak: ${SECONDS} s, ${WORKERS} workers, ${values.reviews} reviews, ${rebuilds} rebuilds every ${REBUILD} s`,
);
const errors = outcomes.filter((o) => !ok(o));
const byStatus: Record<string, number> = {};
for (const o of errors) byStatus[`${o.kind} ${o.status}`] = (byStatus[`${o.kind} ${o.status}`] ?? 0) + 1;
console.log(
  `requests ${outcomes.length} (${Math.round(outcomes.length / SECONDS)}/s), errors ${errors.length} ${JSON.stringify(byStatus)}`,
);
for (const kind of names) {
  const of = outcomes
    .filter((o) => o.kind === kind)
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const p = (q: number) => of[Math.min(of.length - 1, Math.floor(q * of.length))]!.toFixed(1);
  console.log(
    `  ${kind.padEnd(7)} ${String(of.length).padStart(6)}  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  max ${of.at(-1)!.toFixed(1)} ms`,
  );
}
console.log(
  `slowest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(1)} ms; over 1 s: ${outcomes.filter((o) => o.ms > 1000).length}`,
);
console.log(
  `RSS MB: settled after the first rebuild ${settledAfter}, max ${Math.max(...rss.map((r) => r.mb))}, at the end ${final} (${final - settledAfter >= 0 ? "+" : ""}${final - settledAfter})`,
);
