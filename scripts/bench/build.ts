// Benchmark: full build (validate, derive, pages, hash, precompress, publish) time and peak memory for 1k, 10k and 100k reviews.
// Usage: node scripts/bench/build.ts [--sizes 1000,10000,100000]
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BUILD_ENV, BUILD_NODE_OPTIONS } from "../lib/astro-build.ts";
import { benchDataSet, parseSizes, ROOT } from "./lib/data-sets.ts";

const { values } = parseArgs({ options: { sizes: { type: "string", default: "1000,10000,100000" } } });
const sizes = parseSizes(values.sizes);

async function measure(dataDir: string): Promise<{ seconds: number; peakMb: number }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-build-"));
  const rssFile = path.join(tmp, "max-rss");
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...BUILD_NODE_OPTIONS,
        "--import",
        path.join(ROOT, "scripts/bench/lib/report-max-rss.ts"),
        path.join(ROOT, "node_modules/astro/bin/astro.mjs"),
        "build",
        "--silent",
      ],
      {
        cwd: ROOT,
        stdio: "inherit",
        env: {
          ...BUILD_ENV,
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: "1",
          DATA_DIR: dataDir,
          DIST_DIR: path.join(tmp, "dist"),
          MAX_RSS_FILE: rssFile,
        },
      },
    );
    child.on("error", reject);
    child.on("exit", resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`build of ${dataDir} failed with exit code ${code}`);
  const peakMb = Number(await readFile(rssFile, "utf8")) / 2 ** 20;
  await rm(tmp, { recursive: true, force: true });
  return { seconds, peakMb };
}

console.log("reviews   build_s   peak_rss_mb");
for (const n of sizes) {
  const { seconds, peakMb } = await measure(benchDataSet(n));
  console.log(`${String(n).padStart(7)}   ${seconds.toFixed(1).padStart(7)}   ${peakMb.toFixed(0).padStart(11)}`);
}
