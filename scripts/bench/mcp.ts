// Benchmark of /mcp on the real sidecar, against a minimal hand-written JSON-RPC node:http handler (no SDK, no sessions, no
// framework) answering the same payload in the same run, in two forms: one that runs the search for every call, and one
// that replays its answer from memory as the sidecar's result cache does (that ratio is the protocol stack's cost alone):
//   1. tools/call search_reviews requests/s on one session, as ratios to the handlers (target >= 0.5);
//   2. initialize, initialized, tools/call, DELETE cycles/s, as a ratio to the handler doing the same four requests;
//   3. resident memory of a sidecar after 10,000 abandoned sessions, once the TTL has passed (target: within 50 MB of the start).
// Usage: node scripts/bench/mcp.ts [--dist DIR] [--duration 5] [--connections 10] [--rounds 3] [--sessions 10000] [--ttl 10]
// (without --dist the sample data is built first). `--baseline-server DIR --replay` is a handler's own process, started by
// the bench.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import { parseSearchQuery } from "../../src/lib/schema/search.ts";
import { indexDataset } from "../../src/lib/search/index.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import { astroBuild } from "../lib/astro-build.ts";
import { cpuBusy } from "./lib/cpu-idle.ts";
import { startSidecar } from "./lib/sidecar-process.ts";

const { values } = parseArgs({
  options: {
    dist: { type: "string" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    sessions: { type: "string", default: "10000" },
    ttl: { type: "string", default: "10" },
    "baseline-server": { type: "string" },
    replay: { type: "boolean", default: false },
  },
});

const SEARCH_ARGS = { min_rating: 4, limit: 20 };
const PROTOCOL = "2025-06-18";
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const initialize = (id: number | string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: "bench", version: "1.0.0" } },
  });
const initialized = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
const searchCall = (id: number | string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "search_reviews", arguments: SEARCH_ARGS },
  });

/**
 * The comparison: JSON-RPC over node:http, answering from the same search implementation over the same release; with
 * `replay`, each answer is kept and replayed, as the sidecar's result cache does.
 */
async function baselineServer(distDir: string, replay: boolean): Promise<void> {
  const dataset = JSON.parse(await readFile(path.join(distDir, "reviews.json"), "utf8")) as ReviewsDataset;
  const index = indexDataset(dataset);
  const answers = new Map<string, string>();
  const server = createServer((req, res) => {
    if (req.method === "DELETE") return void res.writeHead(200).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const msg = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id?: string | number;
        method: string;
        params?: { arguments?: Record<string, unknown> };
      };
      if (msg.id === undefined) return void res.writeHead(202).end();
      const key = `${msg.method}\n${JSON.stringify(msg.params?.arguments ?? {})}`;
      let result = replay ? answers.get(key) : undefined;
      if (result === undefined) {
        if (msg.method === "initialize") {
          result = JSON.stringify({
            protocolVersion: PROTOCOL,
            capabilities: { tools: {} },
            serverInfo: { name: "baseline", version: "1.0.0" },
          });
        } else {
          const args = Object.entries(msg.params?.arguments ?? {}).map(([k, v]) => [k, String(v)]);
          const parsed = parseSearchQuery(new URLSearchParams(args));
          const outcome = parsed.success ? searchReviews(index, parsed.data) : null;
          const value = outcome?.ok ? outcome.result : {};
          result = JSON.stringify({
            content: [{ type: "text", text: JSON.stringify(value) }],
            structuredContent: value,
          });
        }
        if (replay) answers.set(key, result);
      }
      const body = `{"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"result":${result}}`;
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "mcp-session-id": "baseline",
      });
      res.end(body);
    });
  });
  server.listen(0, "127.0.0.1", () =>
    console.log(`"url":"http://127.0.0.1:${(server.address() as AddressInfo).port}"`),
  );
}

async function main(): Promise<void> {
  const number = (k: "duration" | "connections" | "rounds" | "sessions" | "ttl") => {
    const n = Number(values[k]);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`--${k}: expected a positive integer, got ${JSON.stringify(values[k])}`);
    return n;
  };
  const [duration, connections, rounds, sessions, ttl] = [
    number("duration"),
    number("connections"),
    number("rounds"),
    number("sessions"),
    number("ttl"),
  ];
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-mcp-"));
  try {
    let distDir = values.dist;
    if (!distDir) {
      distDir = path.join(tmp, "dist");
      console.log("building the sample site ...");
      await astroBuild(loadConfig({ ...process.env, DIST_DIR: distDir }), { DIST_DIR: distDir });
    }
    const busy = await cpuBusy();
    if (busy !== undefined)
      console.log(`CPU busy before the run: ${(busy * 100).toFixed(0)}% (other load makes figures low and noisy)`);

    const sidecar = await startSidecar({
      DIST_DIR: distDir,
      HOST: "127.0.0.1",
      PORT: "0",
      HUB_DB: path.join(tmp, "hub.sqlite"),
    });
    const baselines = {
      computing: await startChild([fileURLToPath(import.meta.url), "--baseline-server", distDir]),
      replaying: await startChild([fileURLToPath(import.meta.url), "--baseline-server", distDir, "--replay"]),
    };
    const mcpUrl = `${sidecar.url}/mcp`;
    try {
      const session = await openSession(mcpUrl);
      const payload = await rpc(mcpUrl, searchCall(1), { "mcp-session-id": session, "mcp-protocol-version": PROTOCOL });
      for (const baseline of Object.values(baselines)) {
        const same = await rpc(baseline.url, searchCall(1), {});
        if (JSON.stringify(payload["result"]) !== JSON.stringify(same["result"]))
          throw new Error("the baseline does not answer the same payload");
      }
      console.log(
        `payload: tools/call search_reviews ${JSON.stringify(SEARCH_ARGS)}, ${JSON.stringify(payload).length} bytes of JSON-RPC response`,
      );

      const calls = { mcp: [] as number[], computing: [] as number[], replaying: [] as number[] };
      const cycles = { mcp: [] as number[], baseline: [] as number[] };
      for (let r = 0; r < rounds; r++) {
        calls.computing.push(await callsPerSecond(baselines.computing.url, {}, duration, connections));
        calls.replaying.push(await callsPerSecond(baselines.replaying.url, {}, duration, connections));
        calls.mcp.push(
          await callsPerSecond(
            mcpUrl,
            { "mcp-session-id": session, "mcp-protocol-version": PROTOCOL },
            duration,
            connections,
          ),
        );
        cycles.baseline.push(await cyclesPerSecond(baselines.computing.url, duration, Math.min(connections, 4)));
        cycles.mcp.push(await cyclesPerSecond(mcpUrl, duration, Math.min(connections, 4)));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      console.log(
        `\n${rounds} rounds of ${duration} s, ${connections} connections for calls, ${Math.min(connections, 4)} concurrent cycles (medians)`,
      );
      for (const kind of ["computing", "replaying"] as const) {
        console.log(
          `tools/call on one session   baseline ${kind} ${median(calls[kind]).toFixed(0)}/s   mcp ${median(calls.mcp).toFixed(0)}/s   ratio ${(median(calls.mcp) / median(calls[kind])).toFixed(2)} (target >= 0.5)`,
        );
      }
      console.log(
        `init+call+close cycles      baseline computing ${median(cycles.baseline).toFixed(0)}/s   mcp ${median(cycles.mcp).toFixed(0)}/s   ratio ${(median(cycles.mcp) / median(cycles.baseline)).toFixed(2)}`,
      );
    } finally {
      await sidecar.stop();
      for (const baseline of Object.values(baselines)) baseline.child.kill();
    }

    await abandonedSessions(distDir, tmp, sessions, ttl);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** RSS of a sidecar at start, after `count` sessions opened (each initialized and used once) and abandoned, and after the TTL. */
async function abandonedSessions(distDir: string, tmp: string, count: number, ttl: number): Promise<void> {
  const sidecar = await startSidecar({
    DIST_DIR: distDir,
    HOST: "127.0.0.1",
    PORT: "0",
    HUB_DB: path.join(tmp, "hub-rss.sqlite"),
    MCP_SESSION_TTL: String(ttl),
    MCP_MAX_SESSIONS: String(count + 100),
  });
  const mcpUrl = `${sidecar.url}/mcp`;
  try {
    const pid = sidecar.child.pid!;
    // Warm up (modules, JIT, the release's files) before the baseline figure.
    for (let i = 0; i < 200; i++) await openSession(mcpUrl, true);
    await sleep((ttl + 6) * 1000);
    const start = await rssMb(pid);
    const t0 = performance.now();
    let opened = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (opened < count) {
          opened++;
          await openSession(mcpUrl, true);
        }
      }),
    );
    const openSeconds = (performance.now() - t0) / 1000;
    const peak = await rssMb(pid);
    console.log(
      `\n${count} sessions opened, each used once and abandoned, in ${openSeconds.toFixed(1)} s; TTL ${ttl} s`,
    );
    console.log(
      `RSS at start ${start} MB, with ${count} sessions open ${peak} MB (${(((peak - start) * 1024) / count).toFixed(1)} KB per session)`,
    );
    // The sweeper closes them within TTL + its tick; then the process idles, as a server between bursts would.
    const afterTtl: number[] = [];
    for (let s = 0; s < 4; s++) {
      await sleep((s === 0 ? ttl + 6 : 10) * 1000);
      afterTtl.push(await rssMb(pid));
    }
    const last = afterTtl.at(-1)!;
    console.log(
      `RSS after the TTL: ${afterTtl.join(" MB, ")} MB (every 10 s); ${last - start >= 0 ? "+" : ""}${last - start} MB from the start (target: within 50 MB)`,
    );
    const status = (await (await fetch(`${sidecar.url}/api/status`)).json()) as {
      process: { heap_used_bytes: number };
    };
    const sweeps = sidecar.lines().filter((l) => l.includes("closed after their idle TTL")).length;
    const checks = sidecar.lines().filter((l) => l.includes("heap check") || l.includes("still on the heap"));
    console.log(`heap used now ${(status.process.heap_used_bytes / 2 ** 20).toFixed(0)} MB; ${sweeps} sweeps logged`);
    for (const line of checks) console.log(`  ${line}`);
  } finally {
    await sidecar.stop();
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One POST; answers the JSON-RPC message of a JSON or event-stream body, and the session header. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; session: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent, headers: { ...HEADERS, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, session: res.headers["mcp-session-id"] as string | undefined, text }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

function del(url: string, session: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "DELETE", agent, headers: { "mcp-session-id": session, "mcp-protocol-version": PROTOCOL } },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`DELETE answered ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const messageOf = (text: string) =>
  JSON.parse(
    text.startsWith("{")
      ? text
      : text
          .split("\n")
          .find((l) => l.startsWith("data: "))!
          .slice(6),
  ) as Record<string, unknown>;

async function rpc(url: string, body: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const r = await post(url, body, headers);
  const msg = messageOf(r.text);
  if (r.status !== 200 || !("result" in msg)) throw new Error(`${url} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return msg;
}

/** initialize + notifications/initialized (+ one search call when `use`); returns the session id. */
async function openSession(url: string, use = false): Promise<string> {
  const init = await post(url, initialize(1), {});
  if (init.status !== 200 || !init.session)
    throw new Error(`initialize answered ${init.status}: ${init.text.slice(0, 300)}`);
  const headers = { "mcp-session-id": init.session, "mcp-protocol-version": PROTOCOL };
  const ack = await post(url, initialized, headers);
  if (ack.status !== 202) throw new Error(`initialized answered ${ack.status}`);
  if (use) await rpc(url, searchCall(2), headers);
  return init.session;
}

async function cyclesPerSecond(url: string, seconds: number, concurrency: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const session = await openSession(url);
        await rpc(url, searchCall(2), { "mcp-session-id": session, "mcp-protocol-version": PROTOCOL });
        await del(url, session);
        done++;
      }
    }),
  );
  return done / seconds;
}

type Autocannon = (
  opts: Record<string, unknown>,
) => Promise<{ duration: number; errors: number; non2xx: number; requests: { total: number } }>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

async function callsPerSecond(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<number> {
  const raw = await autocannon({
    url,
    method: "POST",
    headers: { ...HEADERS, ...headers },
    // Ids must be unique per session: the transport routes each answer by its request id.
    body: searchCall("[<id>]"),
    idReplacement: true,
    connections,
    duration: seconds,
  });
  if (raw.errors || raw.non2xx) throw new Error(`${url}: ${raw.errors} errors, ${raw.non2xx} non-2xx answers`);
  return raw.requests.total / raw.duration;
}

async function startChild(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("the baseline server did not start")), 30_000);
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /"url":"([^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on("exit", (code) => reject(new Error(`the baseline server exited with ${code}`)));
  });
  return { url, child };
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

if (values["baseline-server"]) await baselineServer(values["baseline-server"], values.replay);
else await main();
