// Benchmark: requests/s of /api/reviews/search?min_rating=4&limit=20 on the sidecar, as a ratio to a bare node:http
// server (its own process) answering a precomputed body of the same size, in the same run; plus sidecar start-up and memory.
// Usage: node scripts/bench/search-http.ts [--reviews 100000] [--duration 10] [--connections 10] [--rounds 3] [--starts 5]
import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { astroBuild } from "../lib/astro-build.ts";
import { loadConfig } from "../../src/config.ts";
import { runLoad } from "./lib/autocannon.ts";
import { residentMb } from "./lib/rss.ts";
import { benchDataSet, parseSizes } from "./lib/data-sets.ts";
import { startSidecar } from "../lib/sidecar-process.ts";

const { values } = parseArgs({
  options: {
    reviews: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    starts: { type: "string", default: "5" },
  },
});
const [reviews, duration, connections, rounds, starts] = [
  values.reviews,
  values.duration,
  values.connections,
  values.rounds,
  values.starts,
].map((v) => parseSizes(v)[0]!);
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
await astroBuild(loadConfig(env), env);

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
const bodyFile = path.join(tmp, "body.json");
await writeFile(bodyFile, body);
const bare = spawn(process.execPath, ["-e", BARE_SERVER, bodyFile], { stdio: ["ignore", "pipe", "inherit"] });
const barePort = await new Promise<string>((resolve, reject) => {
  bare.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()));
  bare.once("exit", (code) => reject(new Error(`the bare server exited with code ${code}`)));
});
const bareUrl = `http://127.0.0.1:${barePort}${PATH}`;

const results = { sidecar: [] as number[], bare: [] as number[] };
for (let r = 0; r < rounds!; r++) {
  for (const [name, url] of [
    ["bare", bareUrl],
    ["sidecar", sidecar.url + PATH],
  ] as const) {
    const run = await runLoad({ url, connections: connections!, durationSeconds: duration! });
    if (run.byStatusClass["2xx"] !== run.total || run.errors)
      throw new Error(`${name}: non-2xx or errors: ${JSON.stringify(run)}`);
    results[name].push(run.requestsPerSecond);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rssAfterLoad = await residentMb(sidecar.child.pid!);
await sidecar.stop();
bare.kill();

console.log(`body ${body.length} bytes, ${rounds} rounds of ${duration} s with ${connections} connections (medians)`);
console.log(`bare node:http   ${median(results.bare).toFixed(0)} req/s`);
console.log(`sidecar search   ${median(results.sidecar).toFixed(0)} req/s`);
console.log(`ratio            ${(median(results.sidecar) / median(results.bare)).toFixed(2)}`);
console.log(
  `sidecar start-up (process start to listening, ${reviews} reviews, index loaded): median ${median(startups).toFixed(0)} ms of ${startups.map((t) => t.toFixed(0)).join(", ")}`,
);
console.log(`sidecar RSS after start ${rssAfterStart.rss} MB, after load ${rssAfterLoad.rss} MB`);
console.log(
  `  of which file-backed pages (the node binary, libraries: RssFile) ${rssAfterLoad.file} MB, anonymous memory ${rssAfterLoad.anon} MB`,
);
