// One build (`npm run build`) as the benchmarks time it: wall time and peak resident memory.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./data-sets.ts";

/** Builds `dataDir` into `distDir` (a rebuild when it holds a release); rejects when the build fails. */
export async function measureBuild(dataDir: string, distDir: string): Promise<{ seconds: number; peakMb: number }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-build-"));
  const rssFile = path.join(tmp, "max-rss");
  try {
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["--import", path.join(ROOT, "scripts/bench/lib/report-max-rss.ts"), path.join(ROOT, "scripts/build.ts")],
        {
          cwd: ROOT,
          stdio: "inherit",
          env: {
            ...process.env,
            ASTRO_TELEMETRY_DISABLED: "1",
            DATA_DIR: dataDir,
            DIST_DIR: distDir,
            MAX_RSS_FILE: rssFile,
          },
        },
      );
      child.on("error", reject);
      child.on("exit", resolve);
    });
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`build of ${dataDir} failed with exit code ${code}`);
    return { seconds, peakMb: Number(await readFile(rssFile, "utf8")) / 2 ** 20 };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
