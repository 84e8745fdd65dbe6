// The real build (`npm run build`'s script) in a process of its own, and copies of a built release: for tests and
// benchmarks that need a site on disk.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdir, mkdtemp, realpath, symlink } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./sidecar-process.ts";

export type BuildResult = { code: number | null; stdout: string; stderr: string; distDir: string };

const BUILD_SCRIPT = path.join(ROOT, "scripts/build.ts");
/** Astro's telemetry would try the network on every build; builds here must work offline. */
const NO_TELEMETRY = { ASTRO_TELEMETRY_DISABLED: "1" };

/**
 * Where tests and benchmarks build, under the project as `npm run build`'s dist/ is: Astro keeps the pages it prerenders
 * beside a build's output when that lies in the working directory (the project, whose node_modules their code imports
 * from), and otherwise in the project's one .astro/ folder, which two builds at once would share.
 */
export const SCRATCH_DIR = path.join(ROOT, ".cache", "test-builds");

/** A fresh directory under the project's scratch folder for builds, its name starting with `prefix`. */
export async function scratchDir(prefix: string): Promise<string> {
  await mkdir(SCRATCH_DIR, { recursive: true });
  return mkdtemp(path.join(SCRATCH_DIR, prefix));
}

function spawnBuild(env: Record<string, string | undefined>, args: readonly string[], stdio: "inherit" | "pipe") {
  return spawn(process.execPath, [BUILD_SCRIPT, ...args], {
    cwd: ROOT,
    stdio,
    env: { ...process.env, ...NO_TELEMETRY, ...env },
  });
}

/**
 * Runs `npm run build` with `env` over this process's environment and the build's command-line `args`, its output on
 * this process's; rejects when it fails (it has printed why).
 */
export async function runBuild(env: Record<string, string | undefined> = {}, args: readonly string[] = []) {
  const [code, signal] = (await once(spawnBuild(env, args, "inherit"), "exit")) as [number | null, string | null];
  if (code !== 0) throw new Error(`the build failed (${signal ?? `exit code ${code}`})`);
}

/**
 * Builds `dataDir` into `distDir` for `siteUrl`, with the build's command-line `args`; never throws on a failed build
 * (the result says how it ended).
 */
export async function buildSite(opts: {
  dataDir: string;
  distDir: string;
  siteUrl: string;
  args?: readonly string[];
}): Promise<BuildResult> {
  const env = { DATA_DIR: opts.dataDir, DIST_DIR: opts.distDir, SITE_URL: opts.siteUrl };
  const child = spawnBuild(env, opts.args ?? [], "pipe");
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr, distDir: opts.distDir };
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
