// Benchmark of /mcp on the real sidecar, against a minimal hand-written JSON-RPC node:http handler (no SDK, no sessions, no
// framework) answering the same payload in the same run, in two forms: one that runs the search for every call, and one
// that replays its answer from memory as the sidecar's result cache does (that ratio is the protocol stack's cost alone):
//   1. tools/call search_reviews requests/s on one 2025 session (target >= 0.5) and as sessionless 2026-07-28 requests
//      (target >= 0.8 against the replaying handler), as ratios to the handlers;
//   2. initialize, initialized, tools/call, DELETE cycles/s, as a ratio to the handler doing the same four requests;
//   3. resident memory of a sidecar after 10,000 abandoned sessions, once the TTL has passed (target: within 50 MB of the start).
// Usage: node scripts/bench/mcp.ts [--dist DIR] [--duration 5] [--connections 10] [--rounds 3] [--sessions 10000] [--ttl 10]
//        [--calls-only] (skips the cycles and the abandoned sessions)
// (without --dist the sample data is built first). The handlers are scripts/bench/lib/jsonrpc-baseline.ts, each in its
// own process.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runBuild } from "../lib/build-site.ts";
import { runLoad } from "./lib/autocannon.ts";
import { cpuBusy } from "./lib/cpu-idle.ts";
import { residentMb } from "./lib/rss.ts";
import {
  del,
  HEADERS,
  MODERN_HEADERS,
  modernSearchCall,
  openSession,
  PROTOCOL,
  rpc,
  SEARCH_ARGS,
  searchCall,
} from "./lib/mcp-client.ts";
import { startSidecar } from "../lib/sidecar-process.ts";

/** Sessions opened (and left to expire) before the memory baseline is taken. */
const WARM_UP_SESSIONS = 200;
const BASELINE = fileURLToPath(new URL("lib/jsonrpc-baseline.ts", import.meta.url));

const { values } = parseArgs({
  options: {
    dist: { type: "string" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    sessions: { type: "string", default: "10000" },
    ttl: { type: "string", default: "10" },
    "calls-only": { type: "boolean", default: false },
  },
});

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
      await runBuild({ DIST_DIR: distDir });
    }
    const busy = await cpuBusy();
    if (busy !== undefined)
      console.log(`CPU busy before the run: ${(busy * 100).toFixed(0)}% (other load makes figures low and noisy)`);

    const sidecar = await startSidecar({
      DIST_DIR: distDir,
      HOST: "127.0.0.1",
      PORT: "0",
      HUB_DB: path.join(tmp, "hub.sqlite"),
      // The load generator is one client address opening sessions by the thousand.
      MCP_MAX_SESSIONS_PER_CLIENT: "1000000",
      MCP_SESSION_RATE_PER_CLIENT: "1000000",
    });
    const baselines = {
      computing: await startChild([BASELINE, distDir]),
      replaying: await startChild([BASELINE, distDir, "--replay"]),
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
      const modern = await rpc(mcpUrl, modernSearchCall(1), MODERN_HEADERS);
      const answer = (m: Record<string, unknown>) => (m["result"] as Record<string, unknown>)["structuredContent"];
      if (JSON.stringify(answer(modern)) !== JSON.stringify(answer(payload)))
        throw new Error("the 2026-07-28 path does not answer the same payload");
      console.log(
        `payload: tools/call search_reviews ${JSON.stringify(SEARCH_ARGS)}, ${JSON.stringify(payload).length} bytes of JSON-RPC response`,
      );

      const calls = {
        mcp: [] as number[],
        modern: [] as number[],
        computing: [] as number[],
        replaying: [] as number[],
      };
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
        calls.modern.push(await callsPerSecond(mcpUrl, MODERN_HEADERS, duration, connections, modernSearchCall));
        if (values["calls-only"]) continue;
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
        console.log(
          `tools/call 2026-07-28       baseline ${kind} ${median(calls[kind]).toFixed(0)}/s   mcp ${median(calls.modern).toFixed(0)}/s   ratio ${(median(calls.modern) / median(calls[kind])).toFixed(2)}${kind === "replaying" ? " (target >= 0.8)" : ""}`,
        );
      }
      console.log(`raw runs (req/s): ${JSON.stringify(calls)}`);
      if (values["calls-only"]) return;
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
    MCP_MAX_SESSIONS: String(count + WARM_UP_SESSIONS + 100),
    MCP_MAX_SESSIONS_PER_CLIENT: String(count + WARM_UP_SESSIONS + 100),
    MCP_SESSION_RATE_PER_CLIENT: "1000000",
  });
  const mcpUrl = `${sidecar.url}/mcp`;
  try {
    const pid = sidecar.child.pid!;
    // Warm up (modules, JIT, the release's files) before the baseline figure.
    for (let i = 0; i < WARM_UP_SESSIONS; i++) await openSession(mcpUrl, true);
    await sleep((ttl + 6) * 1000);
    const start = (await residentMb(pid)).rss;
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
    const peak = (await residentMb(pid)).rss;
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
      afterTtl.push((await residentMb(pid)).rss);
    }
    const last = afterTtl.at(-1)!;
    console.log(
      `RSS after the TTL: ${afterTtl.join(" MB, ")} MB (every 10 s); ${last - start >= 0 ? "+" : ""}${last - start} MB from the start (target: within 50 MB)`,
    );
    const status = (await (await sidecar.admin("/api/status")).json()) as {
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

async function callsPerSecond(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  body: (id: string) => string = searchCall,
): Promise<number> {
  // Ids must be unique per session: the transport routes each answer by its request id.
  const run = await runLoad({
    url,
    connections,
    durationSeconds: seconds,
    headers: { ...HEADERS, ...headers },
    postBody: body("[<id>]"),
  });
  if (run.errors || run.byStatusClass["2xx"] !== run.total)
    throw new Error(`${url}: errors or non-2xx answers: ${JSON.stringify(run)}`);
  return run.requestsPerSecond;
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

await main();
