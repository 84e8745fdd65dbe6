// Runs the official MCP conformance suite (server scenarios, active suite) against the real sidecar on a random loopback
// port, with the committed expected-failures baseline; exits with the suite's code. Needs no network: the suite is the
// installed devDependency and only talks to the sidecar.
// Usage: node scripts/mcp-conformance.ts [--dist DIR] [--output DIR]   (without --dist, the sample data is built first)
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.ts";
import { startSidecar } from "./lib/sidecar-process.ts";
import { astroBuild } from "./lib/astro-build.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BASELINE = path.join(ROOT, "tests/conformance/baseline.yml");
const SUITE_TIMEOUT_MS = 240_000;

const { values } = parseArgs({ options: { dist: { type: "string" }, output: { type: "string" } } });

const tmp = await mkdtemp(path.join(os.tmpdir(), "mcp-conformance-"));
let distDir = values.dist;
if (!distDir) {
  distDir = path.join(tmp, "dist");
  const env = { DIST_DIR: distDir };
  console.log("building the sample site ...");
  await astroBuild(loadConfig({ ...process.env, ...env }), env);
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
let code: number | null = 1;
try {
  const pkgDir = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance");
  const bin = (JSON.parse(await readFile(path.join(pkgDir, "package.json"), "utf8")) as { bin: Record<string, string> })
    .bin["conformance"]!;
  const args = [path.join(pkgDir, bin), "server", "--url", `${sidecar.url}/mcp`, "--expected-failures", BASELINE];
  if (values.output) args.push("--output-dir", values.output);
  console.log(`conformance suite against ${sidecar.url}/mcp`);
  code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: tmp, stdio: "inherit" });
    const timer = setTimeout(() => child.kill("SIGKILL"), SUITE_TIMEOUT_MS);
    child.on("error", reject);
    child.on("exit", (exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
} finally {
  await sidecar.stop();
  await rm(tmp, { recursive: true, force: true });
}
process.exitCode = code ?? 1;
