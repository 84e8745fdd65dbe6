// Runs nginx in the foreground on loopback from a throwaway prefix, serving one directory with ETags, for comparisons.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export type RunningNginx = Readonly<{ url: string; version: string; stop: () => Promise<void> }>;

const CANDIDATES = [
  "/usr/sbin/nginx",
  "/usr/local/sbin/nginx",
  "/usr/local/nginx/sbin/nginx",
  "/opt/homebrew/bin/nginx",
  "/usr/local/bin/nginx",
];

/** The nginx binary on this machine, or undefined. */
export function findNginx(): string | undefined {
  for (const c of CANDIDATES) if (existsSync(c)) return c;
  try {
    return execFileSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export type NginxOptions = Readonly<{
  binary: string;
  root: string;
  port: number;
  workers: number | "auto";
  /** A command to run nginx under (e.g. `["taskset", "-c", "1"]`). */
  wrapper?: readonly string[];
}>;

export async function startNginx(opts: NginxOptions): Promise<RunningNginx> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), "bench-nginx-"));
  await mkdir(path.join(prefix, "tmp"));
  const conf = [
    "daemon off;",
    // As root the workers would drop to `nobody`, who may not read the release under a private temp directory.
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    `worker_processes ${opts.workers};`,
    `pid ${path.join(prefix, "nginx.pid")};`,
    "error_log stderr warn;",
    "events { worker_connections 4096; }",
    "http {",
    "  access_log off;",
    "  sendfile on; tcp_nopush on; tcp_nodelay on;",
    "  keepalive_requests 1000000; keepalive_timeout 65s;",
    "  open_file_cache max=1000 inactive=60s; open_file_cache_valid 60s;",
    "  etag on;",
    "  types { application/json json; application/atom+xml xml; text/html html; }",
    "  default_type application/octet-stream;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
      (t) => `  ${t}_temp_path ${path.join(prefix, "tmp", t)};`,
    ),
    `  server { listen 127.0.0.1:${opts.port}; root ${opts.root}; location / { } }`,
    "}",
  ].join("\n");
  const confPath = path.join(prefix, "nginx.conf");
  await writeFile(confPath, conf);
  const version = spawnSync(opts.binary, ["-v"], { encoding: "utf8" }).stderr.trim() || "nginx";
  const [command, ...args] = [...(opts.wrapper ?? []), opts.binary, "-p", prefix, "-e", "stderr", "-c", confPath];
  const child = spawn(command!, args, { stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${opts.port}`;
  await waitUntilUp(url, child);
  return {
    url,
    version,
    stop: async () => {
      await stopChild(child);
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    try {
      await fetch(url, { method: "HEAD" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await stopChild(child);
  throw new Error(`nginx did not answer on ${url} within 5 s`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
