// Benchmark: full build (validate, derive, pages, hash, precompress, publish) time and peak memory for 1k, 10k and 100k reviews.
// Usage: node scripts/bench/build.ts [--sizes 1000,10000,100000]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDataSet, parseSizes } from "./lib/data-sets.ts";
import { measureBuild } from "./lib/measure-build.ts";

const { values } = parseArgs({ options: { sizes: { type: "string", default: "1000,10000,100000" } } });
const sizes = parseSizes(values.sizes);

console.log("reviews   build_s   peak_rss_mb");
for (const n of sizes) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-build-dist-"));
  try {
    const { seconds, peakMb } = await measureBuild(benchDataSet(n), path.join(tmp, "dist"));
    console.log(`${String(n).padStart(7)}   ${seconds.toFixed(1).padStart(7)}   ${peakMb.toFixed(0).padStart(11)}`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
