// `npm run bench:static`: requests/s of a 304 on /reviews.json and of a small file's 200, the sidecar against nginx serving
// the same release, in one run; and two servers sending the sidecar's own answers: a bare node:http server (what any
// node:http server costs) and one writing them on raw sockets without node:http (what Node's event loop and the
// kernel cost).
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, realpath, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.ts";
import type { BareAnswer } from "./lib/bare-answers.ts";
import { LOAD_CLIENT_USAGE, loadClient } from "./lib/load-client.ts";
import { cpuBusy } from "./lib/cpu-idle.ts";
import { findNginx, startNginx } from "./lib/nginx.ts";
import { startSidecar } from "../lib/sidecar-process.ts";
import { publish, sampleSite, writeRelease } from "../lib/synthetic-release.ts";

const USAGE = `usage: node scripts/bench/static-304.ts [--dist DIR | --synthetic [--reviews N]] [--duration S] [--warmup S]
         [--rounds N] [--connections N] [--nginx-workers N|auto] [--pin] [--path /reviews.json] [--small /badge.svg]
         [--client wrk|autocannon]
  --dist DIR     release to serve (default: DIST_DIR, i.e. dist; build it with \`npm run build\`)
  --synthetic    serve a generated release instead (no build needed)
  --path P       the file asked for with its ETag in If-None-Match (304)
  --small P      the small file asked for without conditions (200, as stored; default /badge.svg,
                 /favicon.ico with --synthetic)
  --rounds N     alternate nginx, the sidecar and the two bare servers N times and compare medians (default 3)
  --pin          run the load generator on CPU 0 and the server on the last CPU (taskset), for steadier figures
  ${LOAD_CLIENT_USAGE}`;

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
    small: { type: "string" },
    client: { type: "string", default: "auto" },
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
// The built release's badge; a generated release has no badge, and its favicon is its small file.
const small = args.small ?? (args.synthetic ? "/favicon.ico" : "/badge.svg");
const duration = int("duration", args.duration);
const warmup = int("warmup", args.warmup, 0);
const rounds = int("rounds", args.rounds);
const connections = int("connections", args.connections);
const nginxWorkers = args["nginx-workers"] === "auto" ? "auto" : int("nginx-workers", args["nginx-workers"]);
const cpus = os.availableParallelism();
const wrapper = args.pin ? pinning() : undefined;
const client = loadClient(args.client);

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

  const sidecarAnswers = await answersOf(sidecar.url);
  const bare = await startBareServer("bare-http.ts", sidecarAnswers);
  cleanup.push(bare.stop);
  const raw = await startBareServer("bare-sockets.ts", sidecarAnswers);
  cleanup.push(raw.stop);
  const servers = [
    {
      name: `${nginx.version.replace(/^nginx version: /, "")} (${nginxWorkers} worker${nginxWorkers === 1 ? "" : "s"})`,
      url: nginx.url,
    },
    { name: "sidecar", url: sidecar.url },
    { name: "bare node:http (same answers)", url: bare.url },
    { name: "raw sockets, no node:http", url: raw.url },
  ];
  const cases = [
    { name: `304 ${args.path}`, path: args.path, status: "3xx" as const, conditional: true },
    { name: `200 ${small}`, path: small, status: "2xx" as const, conditional: false },
  ];
  console.log(
    `${cpus} CPUs${wrapper ? ` (${client.name} on CPU 0, servers on CPU ${cpus - 1})` : ""}, load from ${client.name}, ${connections} connections, ` +
      `${rounds} x ${duration} s per server and case after ${warmup} s warm-up; no Accept-Encoding; release ${releaseDir}`,
  );
  const busy = await cpuBusy();
  if (busy !== undefined && busy > 0.1) {
    console.warn(
      `warning: ${Math.round(busy * 100)}% of the CPU is already busy with other processes; expect low, noisy figures`,
    );
  }
  const rps = new Map<string, number[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const c of cases) {
      for (const server of servers) {
        const url = server.url + c.path;
        // The representation the load will ask for: no Accept-Encoding, i.e. identity.
        const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
        const etag = res.headers.get("etag");
        await res.arrayBuffer();
        if (res.status !== 200 || !etag)
          throw new Error(`${server.name}: GET ${url} gave ${res.status} with ETag ${etag}`);
        const headers: Record<string, string> = c.conditional ? { "if-none-match": etag } : {};
        if (warmup > 0) await client.run({ url, connections, durationSeconds: warmup, headers });
        const r = await client.run({ url, connections, durationSeconds: duration, headers });
        if (r.byStatusClass[c.status] !== r.total || r.errors > 0 || r.timeouts > 0) {
          throw new Error(
            `${server.name}: expected only ${c.status}, got ${JSON.stringify(r.byStatusClass)}, ${r.errors} errors and ${r.timeouts} timeouts`,
          );
        }
        const key = `${c.name}|${server.name}`;
        rps.set(key, [...(rps.get(key) ?? []), r.requestsPerSecond]);
        console.log(
          `round ${round}  ${c.name.padEnd(20)} ${server.name.padEnd(30)} ${fmt(r.requestsPerSecond)} req/s  p50 ${r.latencyP50Ms} ms  p99 ${r.latencyP99Ms} ms`,
        );
      }
    }
  }
  for (const c of cases) {
    const runs = servers.map((server) => rps.get(`${c.name}|${server.name}`)!);
    const [n, s, b, r] = runs.map(median) as [number, number, number, number];
    // The machine's speed drifts between rounds: each round's servers ran back to back, so their ratio is steadier.
    const perRound = (i: number) => runs[i]!.map((v, round) => (v / runs[0]![round]!).toFixed(2)).join(", ");
    console.log(
      `median ${c.name}: nginx ${fmt(n)}, sidecar ${fmt(s)}, bare node:http ${fmt(b)}, raw sockets ${fmt(r)} req/s; ` +
        `sidecar/nginx ${(s / n).toFixed(2)} (target >= 0.8), sidecar/bare ${(s / b).toFixed(2)}, bare/nginx ${(b / n).toFixed(2)}, ` +
        `raw sockets/nginx ${(r / n).toFixed(2)}, bare/raw sockets ${(b / r).toFixed(2)}; per round, of nginx: ` +
        `sidecar ${perRound(1)}, bare ${perRound(2)}, raw sockets ${perRound(3)}`,
    );
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
}

/** The sidecar's own 304 of --path and 200 of --small (headers as sent, bar those Node adds itself). */
async function answersOf(base: string): Promise<Record<string, BareAnswer>> {
  const answer = async (urlPath: string, conditional: boolean): Promise<BareAnswer> => {
    const first = await fetch(base + urlPath, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await first.arrayBuffer());
    const res = conditional
      ? await fetch(base + urlPath, {
          headers: { "accept-encoding": "identity", "if-none-match": first.headers.get("etag") ?? "" },
        })
      : first;
    if (conditional) await res.arrayBuffer();
    const headers = Object.fromEntries(
      [...res.headers].filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name)),
    );
    return { status: res.status, headers, body: conditional ? "" : body.toString("base64") };
  };
  return { [args.path]: await answer(args.path, true), [small]: await answer(small, false) };
}

/** A bare server (`program`, a file under lib/) in its own process, sending `answers`; resolves with its origin. */
async function startBareServer(
  program: string,
  answers: Record<string, BareAnswer>,
): Promise<{ url: string; stop: () => Promise<unknown> }> {
  const file = fileURLToPath(new URL(`./lib/${program}`, import.meta.url));
  const command = [...(wrapper ?? []), process.execPath, file, JSON.stringify(answers)];
  const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", (code) => reject(new Error(`the bare server ${program} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (child.kill(), child.once("exit", resolve))),
  };
}

async function syntheticRelease(): Promise<string> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-release-"));
  cleanup.push(() => rm(tmp, { recursive: true, force: true }));
  await writeRelease(path.join(tmp, "release"), sampleSite({ reviews: int("reviews", args.reviews) }));
  await publish(path.join(tmp, "dist"), path.join(tmp, "release"));
  return path.join(tmp, "dist");
}

/** Pins this process (and so the load generator, in it or its child) to CPU 0 and returns the wrapper that runs a server on the last CPU. */
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
