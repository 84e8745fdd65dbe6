// Runs an official MCP conformance suite (server scenarios) against the real sidecar on a random loopback port, with its
// committed expected-failures baseline; exits with the suite's code. Needs no network: each suite is an installed
// devDependency and only talks to the sidecar. Two suites, one per protocol generation:
//   2025: @modelcontextprotocol/conformance 0.1.16, active suite (2025-06-18 / 2025-11-25 sessions)
//   2026: @modelcontextprotocol/conformance 0.2.0-alpha.12 (the only release covering 2026-07-28), the scenarios that
//         revision requires (--requirements 2026-07-28)
// Usage: node scripts/mcp-conformance.ts [--suite 2025|2026] [--dist DIR] [--output DIR]
//        (without --dist, the sample data is built first)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startSidecar } from "./lib/sidecar-process.ts";
import { runBuild } from "./lib/build-site.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SUITE_TIMEOUT_MS = 240_000;

const SUITES = {
  "2025": { pkg: "@modelcontextprotocol/conformance", baseline: "baseline.yml", args: [] },
  "2026": {
    pkg: "@modelcontextprotocol/conformance-2026",
    baseline: "baseline-2026.yml",
    args: ["--requirements", "2026-07-28"],
  },
} as const;

const { values } = parseArgs({
  options: { suite: { type: "string", default: "2025" }, dist: { type: "string" }, output: { type: "string" } },
});
if (values.suite !== "2025" && values.suite !== "2026") {
  console.error(`--suite must be 2025 or 2026, not ${JSON.stringify(values.suite)}`);
  process.exit(2);
}
const suite = SUITES[values.suite];
const BASELINE = path.join(ROOT, "tests/conformance", suite.baseline);

const tmp = await mkdtemp(path.join(os.tmpdir(), "mcp-conformance-"));
const distDir = values.dist ?? path.join(tmp, "dist");
if (!values.dist) {
  console.log("building the sample site ...");
  await runBuild({ DIST_DIR: distDir });
}

// The sidecar serves a release only for the origin it was built for.
const manifest = JSON.parse(await readFile(path.join(distDir, "manifest.json"), "utf8")) as { site_url: string };
const sidecar = await startSidecar({
  DIST_DIR: distDir,
  SITE_URL: manifest.site_url,
  HOST: "127.0.0.1",
  PORT: "0",
  HUB_DB: path.join(tmp, "hub.sqlite"),
  // The suite is one client opening a session or more per scenario, ~40 scenarios in seconds: a trusted integrator.
  MCP_MAX_SESSIONS_PER_CLIENT: "1000",
  MCP_SESSION_RATE_PER_CLIENT: "1000",
});
let code: number | null;
try {
  const pkgDir = path.join(ROOT, "node_modules", suite.pkg);
  const bin = (JSON.parse(await readFile(path.join(pkgDir, "package.json"), "utf8")) as { bin: Record<string, string> })
    .bin["conformance"]!;
  const args = [
    path.join(pkgDir, bin),
    "server",
    "--url",
    `${sidecar.url}/mcp`,
    "--expected-failures",
    BASELINE,
    ...suite.args,
  ];
  if (values.output) args.push("--output-dir", values.output);
  console.log(`conformance suite ${suite.pkg} against ${sidecar.url}/mcp`);
  const child = spawn(process.execPath, args, {
    cwd: tmp,
    stdio: "inherit",
    timeout: SUITE_TIMEOUT_MS,
    killSignal: "SIGKILL",
  });
  [code] = (await once(child, "exit")) as [number | null];
} finally {
  await sidecar.stop();
  await rm(tmp, { recursive: true, force: true });
}
process.exitCode = code ?? 1;
