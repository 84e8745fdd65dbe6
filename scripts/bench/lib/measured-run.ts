// One of the project's scripts run as the benchmarks measure it: in a node process of its own, its output, wall time
// and the largest peak resident memory of the node processes it ran (report-max-rss.ts, preloaded).
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./data-sets.ts";

export type MeasuredRun = { code: number | null; out: string; seconds: number; peakMb: number };

const PRELOAD = path.join(ROOT, "scripts/bench/lib/report-max-rss.ts");

/** Runs `script` (relative to the project) with `args` and `env`; never throws on the script's failure. */
export async function measuredRun(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<MeasuredRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-rss-"));
  const rssFile = path.join(dir, "max-rss");
  const started = performance.now();
  let out = "";
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", PRELOAD, path.join(ROOT, script), ...args], {
        cwd: ROOT,
        env: { ...env, MAX_RSS_FILE: rssFile },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      child.on("error", reject);
      child.on("exit", resolve);
    });
    const seconds = (performance.now() - started) / 1000;
    const peaks = (await readFile(rssFile, "utf8").catch(() => "")).split("\n").filter(Boolean).map(Number);
    return { code, out, seconds, peakMb: Math.max(0, ...peaks) / 2 ** 20 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `node scripts/build.ts` (what `npm run build` runs) of `dataDir` into `distDir` (a rebuild when it holds a release),
 * with the peak of every node process it runs, Astro's own too; rejects when the build fails.
 */
export async function measureBuild(dataDir: string, distDir: string): Promise<MeasuredRun> {
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", DATA_DIR: dataDir, DIST_DIR: distDir };
  const run = await measuredRun("scripts/build.ts", [], { ...env, NODE_OPTIONS: `--import=${PRELOAD}` });
  if (run.code !== 0)
    throw new Error(`build of ${dataDir} failed with exit code ${run.code}:\n${run.out.slice(-4000)}`);
  return run;
}
