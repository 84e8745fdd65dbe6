// The real build (`npm run build`'s script) in a process of its own, and copies of a built release: for tests and
// benchmarks that need a site on disk.
import { spawn } from "node:child_process";
import { cp, mkdir, realpath, symlink } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./sidecar-process.ts";

export type BuildResult = { code: number | null; stdout: string; stderr: string; distDir: string };

/**
 * Builds `dataDir` into `distDir` for `siteUrl`, with the build's command-line `args`; never throws on a failed build
 * (the result says how it ended).
 */
export function buildSite(opts: {
  dataDir: string;
  distDir: string;
  siteUrl: string;
  args?: readonly string[];
}): Promise<BuildResult> {
  const env = { ...process.env, DATA_DIR: opts.dataDir, DIST_DIR: opts.distDir, SITE_URL: opts.siteUrl };
  return new Promise((resolve, reject) => {
    const script = path.join(ROOT, "scripts/build.ts");
    const child = spawn(process.execPath, [script, ...(opts.args ?? [])], { cwd: ROOT, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr, distDir: opts.distDir }));
  });
}

/**
 * Lays a copy of the release `fromDistDir` points at out as the build would have: under `.<name>-releases/` beside
 * `distDir`, which becomes a symlink to it. A build into `distDir` then takes it as its previous release.
 */
export async function copyRelease(fromDistDir: string, distDir: string): Promise<void> {
  const release = await realpath(fromDistDir);
  const parent = path.dirname(path.resolve(distDir));
  const copy = path.join(parent, `.${path.basename(distDir)}-releases`, path.basename(release));
  await mkdir(path.dirname(copy), { recursive: true });
  await cp(release, copy, { recursive: true });
  await symlink(path.relative(parent, copy), distDir);
}
