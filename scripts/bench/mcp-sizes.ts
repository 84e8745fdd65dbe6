// Benchmark of what an agent reads from /mcp before it asks anything: the bytes of tools/list (in all and per tool) and
// of get_insights without a section (the overview), on the real sidecar, for the sample release and generated ones.
// Targets: tools/list under 16 KB, the overview under 8 KB.
// Usage: node scripts/bench/mcp-sizes.ts [--dist DIR] [--sizes 100000] (without --dist the sample data is built first;
// each size is generated into bench-data/<n>/ and built).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "../lib/build-site.ts";
import { startSidecar } from "../lib/sidecar-process.ts";
import { benchDataSet, parseSizes } from "./lib/data-sets.ts";
import { openSession, PROTOCOL, rpc } from "./lib/mcp-client.ts";

const TOOLS_LIST_TARGET = 16 * 1024;
const OVERVIEW_TARGET = 8 * 1024;

const { values } = parseArgs({ options: { dist: { type: "string" }, sizes: { type: "string", default: "" } } });

type Tool = { name: string; description: string; inputSchema: unknown; outputSchema: unknown };

const kb = (bytes: number) => `${bytes} B (${(bytes / 1024).toFixed(1)} KB)`;

async function measure(label: string, distDir: string, tmp: string): Promise<void> {
  const sidecar = await startSidecar({
    DIST_DIR: distDir,
    HOST: "127.0.0.1",
    PORT: "0",
    HUB_DB: path.join(tmp, "hub.sqlite"),
  });
  try {
    const mcp = `${sidecar.url}/mcp`;
    const headers = { "mcp-session-id": await openSession(mcp), "mcp-protocol-version": PROTOCOL };
    const call = (id: number, method: string, params: unknown) =>
      rpc(mcp, JSON.stringify({ jsonrpc: "2.0", id, method, params }), headers);

    const list = await call(1, "tools/list", {});
    const tools = (list["result"] as { tools: Tool[] }).tools;
    const listBytes = Buffer.byteLength(JSON.stringify(list));
    console.log(`\n${label}`);
    console.log(
      `tools/list: ${kb(listBytes)} of JSON-RPC response, ${tools.length} tools (target < ${kb(TOOLS_LIST_TARGET)})`,
    );
    for (const t of tools) {
      const size = (v: unknown) => Buffer.byteLength(typeof v === "string" ? v : JSON.stringify(v));
      console.log(
        `  ${t.name.padEnd(22)} ${String(size(t)).padStart(5)} B   description ${String(size(t.description)).padStart(4)}   input ${String(size(t.inputSchema)).padStart(4)}   output ${String(size(t.outputSchema)).padStart(4)}`,
      );
    }
    const insights = await call(2, "tools/call", { name: "get_insights", arguments: {} });
    const result = insights["result"] as { structuredContent?: unknown; isError?: boolean };
    if (result.isError) throw new Error(`get_insights failed: ${JSON.stringify(result)}`);
    const overview = Buffer.byteLength(JSON.stringify(result.structuredContent));
    console.log(
      `get_insights overview: ${kb(overview)} of result (target < ${kb(OVERVIEW_TARGET)}); ${kb(Buffer.byteLength(JSON.stringify(insights)))} of JSON-RPC response (the result as text and as structuredContent)`,
    );
    if (listBytes >= TOOLS_LIST_TARGET || overview >= OVERVIEW_TARGET) process.exitCode = 1;
  } finally {
    await sidecar.stop();
  }
}

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-mcp-sizes-"));
try {
  let sample = values.dist;
  if (!sample) {
    sample = path.join(tmp, "sample", "dist");
    await runBuild({ DIST_DIR: sample });
  }
  await measure(values.dist ? `release ${values.dist}` : "sample release (data/)", sample, tmp);
  for (const n of values.sizes ? parseSizes(values.sizes) : []) {
    const env = { ...process.env, DATA_DIR: benchDataSet(n), DIST_DIR: path.join(tmp, String(n), "dist") };
    const t0 = performance.now();
    await runBuild(env);
    console.log(`\n(built ${n} generated reviews in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    await measure(`generated release of ${n} reviews`, env.DIST_DIR, tmp);
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
