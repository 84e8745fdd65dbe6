// `npm run bench:static`: requests/s of a 304 on /reviews.json, the embedded sidecar against nginx serving the same release.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, realpath, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.ts";
import { runLoad } from "./lib/autocannon.ts";
import { cpuBusy } from "./lib/cpu-idle.ts";
import { findNginx, startNginx } from "./lib/nginx.ts";
import { startSidecar } from "../lib/sidecar-process.ts";
import { publish, sampleSite, writeRelease } from "../lib/synthetic-release.ts";

const USAGE = `usage: node scripts/bench/static-304.ts [--dist DIR | --synthetic [--reviews N]] [--duration S] [--warmup S]
         [--rounds N] [--connections N] [--nginx-workers N|auto] [--pin] [--path /reviews.json]
  --dist DIR     release to serve (default: DIST_DIR, i.e. dist; build it with \`npm run build\`)
  --synthetic    serve a generated release instead (no build needed)
  --rounds N     alternate nginx and sidecar N times and compare medians (default 3)
  --pin          run autocannon on CPU 0 and the server on the last CPU (taskset), for steadier figures`;

const { values: args } = parseArgs({
  options: {
    dist: { type: "string" },
    synthetic: { type: "boolean", default: false },
    reviews: { type: "string", default: "300" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    "nginx-workers": { type: "string", default: "1" },
    pin: { type: "boolean", default: false },
    path: { type: "string", default: "/reviews.json" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const nginxBinary = findNginx();
if (!nginxBinary) {
  console.error(
    "nginx is not installed. On Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y nginx (macOS: brew install nginx).\nThe benchmark runs it in the foreground from a temporary prefix; no service is enabled.",
  );
  process.exit(1);
}
const int = (name: string, v: string, min = 1) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name}: expected an integer >= ${min}, got ${JSON.stringify(v)}`);
  return n;
};
const duration = int("duration", args.duration);
const warmup = int("warmup", args.warmup, 0);
const rounds = int("rounds", args.rounds);
const connections = int("connections", args.connections);
const nginxWorkers = args["nginx-workers"] === "auto" ? "auto" : int("nginx-workers", args["nginx-workers"]);
const cpus = os.availableParallelism();
const wrapper = args.pin ? pinning() : undefined;

const cleanup: Array<() => Promise<unknown>> = [];
try {
  const distDir = args.synthetic ? await syntheticRelease() : (args.dist ?? loadConfig().distDir);
  if (!(await stat(path.join(distDir, "manifest.json")).catch(() => null))) {
    throw new Error(
      `${distDir} holds no built release: run \`npm run build\` first, pass --dist DIR, or use --synthetic`,
    );
  }
  const releaseDir = await realpath(distDir);
  const nginx = await startNginx({
    binary: nginxBinary,
    root: releaseDir,
    port: await freePort(),
    workers: nginxWorkers,
    ...(wrapper ? { wrapper } : {}),
  });
  cleanup.push(nginx.stop);
  // The hub's database goes to a scratch directory, not the project's var/.
  const scratch = await mkdtemp(path.join(os.tmpdir(), "bench-sidecar-"));
  cleanup.push(() => rm(scratch, { recursive: true, force: true }));
  // The sidecar serves a release only under the origin it was built for.
  const siteUrl = (JSON.parse(await readFile(path.join(releaseDir, "manifest.json"), "utf8")) as { site_url: string })
    .site_url;
  const sidecar = await startSidecar(
    {
      DIST_DIR: releaseDir,
      SITE_URL: siteUrl,
      HOST: "127.0.0.1",
      PORT: "0",
      HUB_DB: path.join(scratch, "hub.sqlite"),
    },
    wrapper ? { wrapper } : {},
  );
  cleanup.push(() => sidecar.stop());

  const targets = [
    {
      name: `${nginx.version.replace(/^nginx version: /, "")} (${nginxWorkers} worker${nginxWorkers === 1 ? "" : "s"})`,
      url: nginx.url + args.path,
      rps: [] as number[],
    },
    { name: "sidecar", url: sidecar.url + args.path, rps: [] as number[] },
  ];
  console.log(
    `${cpus} CPUs${wrapper ? " (autocannon on CPU 0, servers on CPU " + (cpus - 1) + ")" : ""}, ${connections} connections, ` +
      `${rounds} x ${duration} s per server after ${warmup} s warm-up; GET ${args.path} with If-None-Match; release ${releaseDir}`,
  );
  const busy = await cpuBusy();
  if (busy !== undefined && busy > 0.1) {
    console.warn(
      `warning: ${Math.round(busy * 100)}% of the CPU is already busy with other processes; expect low, noisy figures`,
    );
  }
  for (let round = 1; round <= rounds; round++) {
    for (const t of targets) {
      // The representation autocannon will ask for: no Accept-Encoding, i.e. identity.
      const res = await fetch(t.url, { headers: { "accept-encoding": "identity" } });
      const etag = res.headers.get("etag");
      await res.arrayBuffer();
      if (res.status !== 200 || !etag) throw new Error(`${t.name}: GET ${t.url} gave ${res.status} with ETag ${etag}`);
      const headers = { "if-none-match": etag };
      if (warmup > 0) await runLoad({ url: t.url, connections, durationSeconds: warmup, headers });
      const r = await runLoad({ url: t.url, connections, durationSeconds: duration, headers });
      if (r.byStatusClass["3xx"] !== r.total || r.errors > 0) {
        throw new Error(`${t.name}: expected only 304s, got ${JSON.stringify(r.byStatusClass)} and ${r.errors} errors`);
      }
      t.rps.push(r.requestsPerSecond);
      console.log(
        `round ${round}  ${t.name.padEnd(26)} ${fmt(r.requestsPerSecond)} req/s  p50 ${r.latencyP50Ms} ms  p99 ${r.latencyP99Ms} ms  ETag ${etag}`,
      );
    }
  }
  const [n, s] = targets.map((t) => median(t.rps)) as [number, number];
  console.log(
    `median: nginx ${fmt(n)} req/s, sidecar ${fmt(s)} req/s; ratio sidecar/nginx ${(s / n).toFixed(2)} (target >= 0.5)`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
}

async function syntheticRelease(): Promise<string> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-release-"));
  cleanup.push(() => rm(tmp, { recursive: true, force: true }));
  await writeRelease(path.join(tmp, "release"), sampleSite({ reviews: int("reviews", args.reviews) }));
  await publish(path.join(tmp, "dist"), path.join(tmp, "release"));
  return path.join(tmp, "dist");
}

/** Pins this process (autocannon) to CPU 0 and returns the wrapper that runs a server on the last CPU. */
function pinning(): string[] {
  if (cpus < 2) throw new Error("--pin needs at least 2 CPUs");
  try {
    execFileSync("taskset", ["-a", "-cp", "0", String(process.pid)], { stdio: "ignore" });
  } catch {
    throw new Error("--pin needs taskset (util-linux)");
  }
  return ["taskset", "-c", String(cpus - 1)];
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function fmt(n: number): string {
  return Math.round(n).toString().padStart(7);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
