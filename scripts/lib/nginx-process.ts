// The committed nginx configuration (deploy/nginx/) templated with ports and paths, run in a temporary prefix.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";
import { ROOT } from "./sidecar-process.ts";

export const NGINX = "/usr/sbin/nginx";
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/** `sidecarPorts`: the replicas of the upstream, on 127.0.0.1. */
export type NginxOptions = Readonly<{ distDir: string; siteUrl: string; sidecarPorts: readonly number[] }>;
export type RunningNginx = Readonly<{ url: string; brotli: boolean; stop: () => Promise<void> }>;

/** Replaces `from` in `text`, failing when the committed file no longer holds it (the template would silently drift). */
function replace(text: string, from: string | RegExp, to: string): string {
  const found = typeof from === "string" ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`deploy/nginx: ${String(from)} is no longer in the committed configuration`);
  return typeof from === "string" ? text.replaceAll(from, to) : text.replace(from, to);
}

/** reviews.conf for this machine: listening on 127.0.0.1:port, the given replicas as upstream, the test site's Link. */
function templateConfig(conf: string, o: NginxOptions & { port: number; brotli: boolean }): string {
  let out = replace(conf, "listen 80;", `listen 127.0.0.1:${o.port};`);
  out = replace(out, "root /srv/reviews/dist;", `root ${o.distDir};`);
  const servers = /^([ \t]*)server 127\.0\.0\.1:4321 (.*)\n\s*server 127\.0\.0\.1:4322 .*\n/m;
  const [, indent, options] = servers.exec(out) ?? [];
  out = replace(out, servers, o.sidecarPorts.map((p) => `${indent}server 127.0.0.1:${p} ${options}\n`).join(""));
  out = replace(out, "https://reviews.example.com", o.siteUrl);
  if (!o.brotli) out = replace(out, "brotli_static on;", "");
  return out;
}

export async function startNginx(o: NginxOptions): Promise<RunningNginx> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), "reviews-nginx-"));
  await mkdir(path.join(prefix, "tmp"));
  const brotli = existsSync(BROTLI_MODULE);
  const port = await freePort();
  const conf = await readFile(path.join(ROOT, "deploy/nginx/reviews.conf"), "utf8");
  await writeFile(path.join(prefix, "reviews.conf"), templateConfig(conf, { ...o, port, brotli }));
  const local = await readFile(path.join(ROOT, "deploy/nginx/local.conf"), "utf8");
  await writeFile(path.join(prefix, "local.conf"), brotli ? local : replace(local, /^load_module .*\n/m, ""));
  const child: ChildProcess = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "local.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${stderr}`);
    const answer = await fetch(`${url}/robots.txt`).catch(() => undefined);
    if (answer?.ok) break;
    if (i === 100) throw new Error(`nginx did not answer on ${url} within 10 s:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    brotli,
    stop: async () => {
      child.kill("SIGQUIT");
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
