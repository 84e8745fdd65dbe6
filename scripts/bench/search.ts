// Benchmark: in-process search latency (p50/p99 per query shape, and the first, cold call) and index load, on generated data.
// Usage: node scripts/bench/search.ts [--sizes 10000,100000] [--runs 500]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeReleaseDb } from "../../src/build/release-db.ts";
import { RELEASE_DB_FILE } from "../../src/lib/release-db/schema.ts";
import type { Manifest } from "../../src/lib/schema/manifest.ts";
import { readSource } from "../../src/build/source.ts";
import { buildDataset } from "../../src/lib/reviews/dataset.ts";
import { parseSearchQuery } from "../../src/lib/schema/search.ts";
import { decodeSearchIndex, encodeSearchIndex } from "../../src/lib/search/index-file.ts";
import { indexColumnsOf } from "../../src/lib/search/index.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import { fitIndexFile } from "../../sidecar/release/index-store.ts";
import { openReleaseDb } from "../../sidecar/release/release-db.ts";
import { benchDataSet, parseSizes } from "./lib/data-sets.ts";

const { values } = parseArgs({
  options: { sizes: { type: "string", default: "10000,100000" }, runs: { type: "string", default: "500" } },
});
const sizes = parseSizes(values.sizes);
const runs = parseSizes(values.runs)[0]!;

/** Each filter alone, combinations, substring queries common, rare, short and absent. */
function shapes(technician: string, service: string): Record<string, string> {
  return {
    "no filter": "",
    rating: "rating=5",
    min_rating: "min_rating=3.5",
    "since+until": "since=2023-01-01&until=2023-06-30",
    technician: `mentions_technician=${encodeURIComponent(technician)}`,
    service: `mentions_service=${encodeURIComponent(service)}`,
    "query common": "query=great",
    "query common phrase": "query=on%20time",
    "query rare": "query=cr%C3%A8me",
    "query no match": "query=zxqv%20nothing%20like%20this",
    "query 1 char": "query=e",
    "query 2 chars": "query=ok",
    "combo rating+query": "rating=1&query=late",
    "combo all": `min_rating=4&since=2022-01-01&until=2025-12-31&mentions_technician=${encodeURIComponent(technician)}&mentions_service=${encodeURIComponent(service)}&query=the&limit=100`,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The release database and search-index.bin as the build writes them (into `dir`), with the time the build takes to
 * index; the objects they were made from are dropped when this returns.
 */
async function published(n: number, dir: string): Promise<{ manifest: Manifest; index: Uint8Array; buildMs: number }> {
  const source = readSource(benchDataSet(n));
  const dataset = buildDataset(source.business, source.reviews);
  const t0 = performance.now();
  const index = encodeSearchIndex(indexColumnsOf(dataset), dataset.updated_at);
  const buildMs = performance.now() - t0;
  const releaseDb = await writeReleaseDb(path.join(dir, RELEASE_DB_FILE), { dataset, changeLog: null });
  return { manifest: { release_db: releaseDb } as Manifest, index, buildMs };
}

for (const n of sizes) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
  const files = await published(n, dir);
  // Loaded as the sidecar does it (sidecar/release/index-store.ts), so its heap and strings are the sidecar's too.
  const t0 = performance.now();
  const db = openReleaseDb({ id: "bench", dir, manifest: files.manifest });
  const index = fitIndexFile(decodeSearchIndex(files.index), db);
  const { business } = db.head;
  const loadMs = performance.now() - t0;
  console.log(
    `\n${n} reviews: index built and encoded (by the build) in ${files.buildMs.toFixed(0)} ms, ${(files.index.length / 2 ** 20).toFixed(0)} MB; loaded in ${loadMs.toFixed(0)} ms, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
  );
  console.log("shape                    total   cold_ms   p50_ms   p99_ms");
  const tech = business.technicians[0]!.name;
  const service = business.services[0]!.id;
  for (const [name, qs] of Object.entries(shapes(tech, service))) {
    const parsed = parseSearchQuery(new URLSearchParams(qs));
    if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.issues)}`);
    const c0 = performance.now();
    const first = searchReviews(index, parsed.value);
    const cold = performance.now() - c0;
    if (!first.ok) throw new Error(name);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      searchReviews(index, parsed.value);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(22)} ${String(first.result.total).padStart(7)}   ${cold.toFixed(3).padStart(7)}  ${percentile(times, 50).toFixed(3).padStart(7)}  ${percentile(times, 99).toFixed(3).padStart(7)}`,
    );
  }
  db.retire();
  rmSync(dir, { recursive: true, force: true });
}
