// Benchmark: requests/s of /api/reviews/search?min_rating=4&limit=20 on the sidecar, as a ratio to a bare node:http
// server (its own process) answering a precomputed body of the same size, in the same run; plus sidecar start-up and memory.
// Usage: node scripts/bench/search-http.ts [--reviews 100000] [--duration 10] [--connections 10] [--rounds 3] [--starts 5]
//        [--shape-requests 200] (sequential requests per query shape, for p50 / p99 / max) [--client wrk|autocannon]
import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "../lib/build-site.ts";
import { loadClient } from "./lib/load-client.ts";
import { residentMb } from "./lib/rss.ts";
import { type Latencies, SEQUENTIAL_CLIENT, sequentialLatencies } from "./lib/sequential.ts";
import { benchDataSet, parseSizes } from "./lib/data-sets.ts";
import { startSidecar } from "../lib/sidecar-process.ts";

const { values } = parseArgs({
  options: {
    reviews: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    starts: { type: "string", default: "5" },
    "shape-requests": { type: "string", default: "200" },
    client: { type: "string", default: "auto" },
  },
});
const [reviews, duration, connections, rounds, starts, shapeRequests] = [
  values.reviews,
  values.duration,
  values.connections,
  values.rounds,
  values.starts,
  values["shape-requests"],
].map((v) => parseSizes(v)[0]!);
const client = loadClient(values.client);
const PATH = "/api/reviews/search?min_rating=4&limit=20";
/** A bare node:http server answering the precomputed body (argv[1]) to every request; prints its port. */
const BARE_SERVER = `
const body = require("node:fs").readFileSync(process.argv[1]);
const server = require("node:http").createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-search-http-"));
const env = {
  DATA_DIR: benchDataSet(reviews!),
  DIST_DIR: path.join(tmp, "dist"),
  HUB_DB: path.join(tmp, "hub.sqlite"),
  PORT: "0",
};
console.log(`building ${reviews} reviews ...`);
await runBuild(env);

// Start-up, process start to listening, several times (each start is stopped but the last, which is measured further).
const startups: number[] = [];
const start = async () => {
  const started = performance.now();
  const s = await startSidecar(env, { timeoutMs: 60_000 });
  startups.push(performance.now() - started);
  const fallback = s.lines().find((l) => l.includes("index file is not usable"));
  if (fallback) throw new Error(`the sidecar indexed /reviews.json itself: ${fallback}`);
  return s;
};
for (let i = 1; i < starts!; i++) await (await start()).stop();
const sidecar = await start();
const rssAfterStart = await residentMb(sidecar.child.pid!);
const body = Buffer.from(await (await fetch(sidecar.url + PATH)).arrayBuffer());

// The baseline runs in its own process, as the sidecar does: in this one it would share a thread with the load generator.
const bares: ReturnType<typeof spawn>[] = [];
process.on("exit", () => bares.forEach((b) => b.kill()));
/** A bare server answering `bytes` to every request, in its own process; resolves with its origin. */
const startBare = async (name: string, bytes: Buffer) => {
  const file = path.join(tmp, name);
  await writeFile(file, bytes);
  const bare = spawn(process.execPath, ["-e", BARE_SERVER, file], { stdio: ["ignore", "pipe", "inherit"] });
  bares.push(bare);
  const port = await new Promise<string>((resolve, reject) => {
    bare.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
    bare.once("exit", (code) => reject(new Error(`the bare server exited with code ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
};
const bareUrl = `${await startBare("body.json", body)}${PATH}`;

const results = { sidecar: [] as number[], bare: [] as number[] };
for (let r = 0; r < rounds!; r++) {
  for (const [name, url] of [
    ["bare", bareUrl],
    ["sidecar", sidecar.url + PATH],
  ] as const) {
    const run = await client.run({ url, connections: connections!, durationSeconds: duration! });
    if (run.byStatusClass["2xx"] !== run.total || run.errors || run.timeouts)
      throw new Error(`${name}: non-2xx or errors: ${JSON.stringify(run)}`);
    results[name].push(run.requestsPerSecond);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Latency per query shape, one request after another: filters alone and combined, common and rare substrings, a since
// page of the last 30 days (as is, and compressed as browsers ask) and a static 304; best of the rounds per figure,
// every round printed.
const newest = (
  (await (await fetch(`${sidecar.url}/api/reviews/search?limit=1`)).json()) as { reviews: { date: string }[] }
).reviews[0]!.date;
const daysBefore = (days: number) => new Date(Date.parse(newest) - days * 86_400_000).toISOString().slice(0, 10);
// The representation the sequential requests ask for: no Accept-Encoding, i.e. identity.
const full = await fetch(`${sidecar.url}/reviews.json`, { headers: { "accept-encoding": "identity" } });
await full.arrayBuffer();
const etag = full.headers.get("etag") ?? "";
const shapes: Record<string, { path: string; headers?: Record<string, string> }> = {
  "rating=5": { path: "/api/reviews/search?rating=5" },
  "min_rating=4": { path: PATH },
  "min_rating=2&max_rating=3": { path: "/api/reviews/search?min_rating=2&max_rating=3" },
  "since (30 days)": { path: `/api/reviews/search?since=${daysBefore(30)}` },
  "until (a year back)": { path: `/api/reviews/search?until=${daysBefore(365)}` },
  "query, common (water)": { path: "/api/reviews/search?query=water" },
  "query, rare (xylophone)": { path: "/api/reviews/search?query=xylophone" },
  "aspect=pricing, negative": { path: "/api/reviews/search?aspect=pricing&aspect_sentiment=negative" },
  "combined (min_rating, since, query)": {
    path: `/api/reviews/search?min_rating=4&since=${daysBefore(90)}&query=water`,
  },
  "since/{date} (30 days)": { path: `/api/reviews/since/${daysBefore(30)}` },
  // What browsers and most HTTP libraries ask for; the answer above is the identity one.
  "since/{date} (30 days), br": {
    path: `/api/reviews/since/${daysBefore(30)}`,
    headers: { "accept-encoding": "gzip, deflate, br" },
  },
  "static 304 (/reviews.json)": { path: "/reviews.json", headers: { "if-none-match": etag } },
};
// Each round starts with bare servers answering the same sequence, with the search answer's body and with the since
// page's: the tail this machine adds to any answer of that size (the scheduler, the client's own pauses), measured in
// the same run.
const sinceBody = Buffer.from(await (await fetch(sidecar.url + shapes["since/{date} (30 days)"]!.path)).arrayBuffer());
const floors = {
  [`bare node:http, ${body.length} bytes (the floor)`]: bareUrl,
  [`bare node:http, ${sinceBody.length} bytes (the floor)`]: await startBare("since.json", sinceBody),
};
const latencyRounds: Record<string, Latencies[]> = {};
for (let r = 0; r < rounds!; r++) {
  for (const [name, url] of Object.entries(floors))
    (latencyRounds[name] ??= []).push(await sequentialLatencies(url, shapeRequests!));
  for (const [name, shape] of Object.entries(shapes)) {
    const l = await sequentialLatencies(sidecar.url + shape.path, shapeRequests!, shape.headers);
    const ok = name.startsWith("static 304") ? [304] : [200];
    if (l.statuses.some((st) => !ok.includes(st))) throw new Error(`${name}: answered ${l.statuses.join(", ")}`);
    (latencyRounds[name] ??= []).push(l);
  }
}
const rssAfterLoad = await residentMb(sidecar.child.pid!);
await sidecar.stop();
bares.forEach((b) => b.kill());

console.log(
  `body ${body.length} bytes, ${rounds} rounds of ${duration} s with ${connections} connections from ${client.name} (medians)`,
);
console.log(`bare node:http   ${median(results.bare).toFixed(0)} req/s`);
console.log(`sidecar search   ${median(results.sidecar).toFixed(0)} req/s`);
// The machine's speed drifts between rounds: each round's two servers ran back to back, so their ratio is steadier.
const perRound = results.sidecar.map((s, i) => s / results.bare[i]!);
console.log(
  `ratio            ${(median(results.sidecar) / median(results.bare)).toFixed(2)}; per round ` +
    `${perRound.map((r) => r.toFixed(2)).join(", ")} (median ${median(perRound).toFixed(2)})`,
);
console.log(
  `sidecar start-up (process start to listening, ${reviews} reviews, index loaded): median ${median(startups).toFixed(0)} ms of ${startups.map((t) => t.toFixed(0)).join(", ")}`,
);
const ms = (x: number) => x.toFixed(2).padStart(7);
console.log(
  `\nlatency per shape, ${shapeRequests} sequential requests from ${SEQUENTIAL_CLIENT}, best of ${rounds} rounds (p50 / p99 / max, ms):`,
);
for (const [name, rs] of Object.entries(latencyRounds)) {
  const best = (k: keyof Omit<Latencies, "statuses">) => Math.min(...rs.map((x) => x[k]));
  console.log(`  ${name.padEnd(44)} ${ms(best("p50"))} ${ms(best("p99"))} ${ms(best("max"))}`);
}
console.log(
  `raw rounds: ${JSON.stringify(latencyRounds, (k, v) => (k === "statuses" ? undefined : typeof v === "number" ? Number(v.toFixed(2)) : v))}`,
);
console.log(`sidecar RSS after start ${rssAfterStart.rss} MB, after load ${rssAfterLoad.rss} MB`);
console.log(
  `  of which file-backed pages (the node binary, libraries: RssFile) ${rssAfterLoad.file} MB, anonymous memory ${rssAfterLoad.anon} MB`,
);
