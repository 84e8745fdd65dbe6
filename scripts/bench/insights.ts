// Benchmark: insights engine speed (reviews analysed per second on one core), /insights.json aggregation, the
// per-review cache, and optionally the full build with insights and the rebuild after one added review.
// Usage: node scripts/bench/insights.ts [--size 100000] [--build [--rebuilds 3]]
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyzeWithCache } from "../../src/build/insights-cache.ts";
import type { ReviewAnalysis } from "../../src/lib/insights/engine/analyze.ts";
import { analyzerFor } from "../../src/lib/insights/for-business.ts";
import { computeInsights } from "../../src/lib/insights/insights.ts";
import { buildDataset } from "../../src/lib/reviews/dataset.ts";
import { BusinessFile } from "../../src/lib/schema/business.ts";
import { ReviewInput } from "../../src/lib/schema/review.ts";
import { appendNewReview, benchDataSet, buildCopy, ROOT } from "./lib/data-sets.ts";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    build: { type: "boolean", default: false },
    rebuilds: { type: "string", default: "3" },
  },
});
const size = Number(values.size);
if (!Number.isInteger(size) || size < 1) throw new Error(`--size takes a whole number, got "${values.size}"`);
const rebuilds = Number(values.rebuilds);
if (!Number.isInteger(rebuilds) || rebuilds < 1)
  throw new Error(`--rebuilds takes a whole number of at least 1, got "${values.rebuilds}"`);

const dataDir = benchDataSet(size);
const business = BusinessFile.parse(JSON.parse(await readFile(path.join(dataDir, "business.json"), "utf8")));
const inputs = (await readFile(path.join(dataDir, "reviews.jsonl"), "utf8"))
  .split("\n")
  .filter(Boolean)
  .map((l) => ReviewInput.parse(JSON.parse(l)));
const withText = inputs.filter((r) => r.text !== null);
const chars = withText.reduce((s, r) => s + r.text!.length, 0);
const analyzer = analyzerFor(business);
const seconds = (t0: number) => (performance.now() - t0) / 1000;
const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);

console.log(
  `insights engine ${analyzer.version}, ${size} reviews (${withText.length} with text, mean ${Math.round(chars / withText.length)} chars), node ${process.version}, one thread`,
);

// 1. The engine alone: one thread, after a warm-up so the JIT and the per-word memo are settled.
for (const r of withText.slice(0, 2000)) analyzer.analyze(r.text, r.rating);
let best = Infinity;
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  for (const r of withText) analyzer.analyze(r.text, r.rating);
  best = Math.min(best, seconds(t0));
}
line(
  "analyse (best of 3 passes over the texts)",
  `${Math.round(withText.length / best).toLocaleString("en-US")} reviews/s, ${(chars / best / 1e6).toFixed(2)} MB/s`,
);

// 2. The cache: cold, warm, and warm plus one new review (what a rebuild after adding one review costs).
const cacheDir = await mkdtemp(path.join(os.tmpdir(), "bench-insights-cache-"));
let t0 = performance.now();
await analyzeWithCache(inputs, analyzer, cacheDir);
line("analyzeWithCache, cold (analyse + write)", `${seconds(t0).toFixed(2)} s`);
t0 = performance.now();
const warm = await analyzeWithCache(inputs, analyzer, cacheDir);
line("analyzeWithCache, warm (read + hash)", `${seconds(t0).toFixed(2)} s (${warm.hits} hits)`);
const added = ReviewInput.parse({
  ...inputs[0]!,
  id: "bench-added",
  text: "Added for the benchmark: on time, fair price, spotless.",
});
t0 = performance.now();
const plusOne = await analyzeWithCache([...inputs, added], analyzer, cacheDir);
line("analyzeWithCache, one review added", `${seconds(t0).toFixed(2)} s (${plusOne.misses} analysed)`);
await rm(cacheDir, { recursive: true, force: true });

// 3. Derivation: the published dataset (with per-review aspects) and /insights.json from cached analyses.
const analyses: Map<string, ReviewAnalysis> = plusOne.analyses;
t0 = performance.now();
const dataset = buildDataset(business, inputs, (r) => analyses.get(r.id)!);
line("buildDataset (with cached analyses)", `${seconds(t0).toFixed(2)} s`);
t0 = performance.now();
const insights = computeInsights(dataset, { analyzer, analyses });
line("computeInsights", `${seconds(t0).toFixed(2)} s (${(JSON.stringify(insights).length / 1024).toFixed(0)} KiB)`);

// 4. Optional: the real build (Astro, every page, hashing, compression) with a cold insights cache, then after one review more.
if (values.build) {
  const { data, dist, remove } = await buildCopy(size, "insights");
  const build = async () => {
    const start = performance.now();
    let output = "";
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(ROOT, "scripts/build.ts")], {
        cwd: ROOT,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", DATA_DIR: data, DIST_DIR: dist },
      });
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("error", reject);
      child.on("exit", resolve);
    });
    if (code !== 0) throw new Error(`build failed with exit code ${code}:\n${output.slice(-4000)}`);
    // The build's own line: its stage times (data, pages, apps, publish) and what it took from the cache.
    console.log(`  ${/^published .*$/m.exec(output)?.[0] ?? ""}`);
    return seconds(start);
  };
  try {
    line("full build, cold insights cache", `${(await build()).toFixed(1)} s`);
    const times: number[] = [];
    for (let i = 0; i < rebuilds; i++) {
      await appendNewReview(data, `bench-added-${i}`, added.text!);
      times.push(await build());
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    line(
      "full build after one added review",
      `${times.map((t) => t.toFixed(1)).join(", ")} s (median ${median.toFixed(1)} s, target ≤ 15 s)`,
    );
  } finally {
    await remove();
  }
}
