// Benchmark: requests/s of /api/reviews/search?min_rating=4&limit=20 on the sidecar, as a ratio to a bare node:http
// server answering a precomputed body of the same size, in the same run; plus sidecar start-up and memory.
// Usage: node scripts/bench/search-http.ts [--reviews 100000] [--duration 10] [--connections 10] [--rounds 3]
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { astroBuild } from "../lib/astro-build.ts";
import { loadConfig } from "../../src/config.ts";
import { runLoad } from "./lib/autocannon.ts";
import { benchDataSet, parseSizes } from "./lib/data-sets.ts";
import { startSidecar } from "./lib/sidecar-process.ts";

const { values } = parseArgs({
  options: {
    reviews: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
  },
});
const [reviews, duration, connections, rounds] = [values.reviews, values.duration, values.connections, values.rounds].map((v) => parseSizes(v)[0]!);
const PATH = "/api/reviews/search?min_rating=4&limit=20";

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-search-http-"));
const env = { DATA_DIR: benchDataSet(reviews!), DIST_DIR: path.join(tmp, "dist"), HUB_DB: path.join(tmp, "hub.sqlite"), PORT: "0" };
console.log(`building ${reviews} reviews ...`);
await astroBuild(loadConfig(env), env);

const started = performance.now();
const sidecar = await startSidecar(env, { timeoutMs: 60_000 });
const startupMs = performance.now() - started;
const rssAfterStart = await rssOf(sidecar.child.pid!);
const body = Buffer.from(await (await fetch(sidecar.url + PATH)).arrayBuffer());

const bare = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${PATH}`;

const results = { sidecar: [] as number[], bare: [] as number[] };
for (let r = 0; r < rounds!; r++) {
  for (const [name, url] of [["bare", bareUrl], ["sidecar", sidecar.url + PATH]] as const) {
    const run = await runLoad({ url, connections: connections!, durationSeconds: duration! });
    if (run.byStatusClass["2xx"] !== run.total || run.errors) throw new Error(`${name}: non-2xx or errors: ${JSON.stringify(run)}`);
    results[name].push(run.requestsPerSecond);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rssAfterLoad = await rssOf(sidecar.child.pid!);
await sidecar.stop();
bare.close();

console.log(`body ${body.length} bytes, ${rounds} rounds of ${duration} s with ${connections} connections (medians)`);
console.log(`bare node:http   ${median(results.bare).toFixed(0)} req/s`);
console.log(`sidecar search   ${median(results.sidecar).toFixed(0)} req/s`);
console.log(`ratio            ${(median(results.sidecar) / median(results.bare)).toFixed(2)}`);
console.log(`sidecar start-up (process start to listening, ${reviews} reviews loaded and indexed): ${startupMs.toFixed(0)} ms`);
console.log(`sidecar RSS after start ${rssAfterStart} MB, after load ${rssAfterLoad} MB`);

async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}
