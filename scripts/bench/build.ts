// Benchmark: full build (validate, derive, pages, hash, precompress, publish) time and peak memory for 1k, 10k and 100k reviews,
// with the insights cache warm: a data set whose cache file is gone (other builds prune it) is built once first, untimed.
// Usage: node scripts/bench/build.ts [--sizes 1000,10000,100000]
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDataSet, insightsCacheOf, parseSizes } from "./lib/data-sets.ts";
import { measureBuild } from "./lib/measured-run.ts";

const { values } = parseArgs({ options: { sizes: { type: "string", default: "1000,10000,100000" } } });
const sizes = parseSizes(values.sizes);

console.log("reviews   build_s   peak_rss_mb");
for (const n of sizes) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-build-dist-"));
  try {
    const data = benchDataSet(n);
    if (!existsSync(await insightsCacheOf(data))) {
      console.log(`# ${n}: the insights cache is cold; one build first, untimed`);
      await measureBuild(data, path.join(tmp, "warm-up"));
    }
    const { seconds, peakMb } = await measureBuild(data, path.join(tmp, "dist"));
    console.log(`${String(n).padStart(7)}   ${seconds.toFixed(1).padStart(7)}   ${peakMb.toFixed(0).padStart(11)}`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
