// Generated benchmark data sets (bench-data/<n>/, not committed), made on first use with the sample-data generator.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cacheFile } from "../../../src/build/insights-cache.ts";
import { analyzerFor } from "../../../src/lib/insights/for-business.ts";
import { BusinessFile } from "../../../src/lib/schema/business.ts";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The data directory holding `n` generated reviews. */
export function benchDataSet(n: number): string {
  const dir = path.join(ROOT, "bench-data", String(n));
  if (!existsSync(path.join(dir, "reviews.jsonl"))) {
    const r = spawnSync(process.execPath, ["scripts/generate-sample-data.ts", "--count", String(n), "--out", dir], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (r.status !== 0) throw new Error(`generating ${n} reviews failed`);
  }
  return dir;
}

/** A copy of a data set that builds may add reviews to, with a DIST_DIR of its own. */
export type BuildCopy = { data: string; dist: string; remove: () => Promise<void> };

/**
 * A copy of `n` generated reviews, for a benchmark named `label` to build and add to. It lies inside the project
 * (bench-data/ is git-ignored): the Astro build fails on a DATA_DIR outside it. `remove` deletes it, its DIST_DIR and
 * its insights cache file, which are of no use to anyone after the benchmark, whether it succeeded or not.
 */
export async function buildCopy(n: number, label: string): Promise<BuildCopy> {
  const source = benchDataSet(n);
  const data = await mkdtemp(path.join(ROOT, "bench-data", `${label}-${n}-`));
  const tmp = await mkdtemp(path.join(os.tmpdir(), `bench-${label}-`));
  for (const file of ["business.json", "reviews.jsonl"]) await copyFile(path.join(source, file), path.join(data, file));
  const cache = await insightsCacheOf(data);
  return {
    data,
    dist: path.join(tmp, "dist"),
    remove: async () => {
      await rm(cache, { force: true });
      await rm(tmp, { recursive: true, force: true });
      await rm(data, { recursive: true, force: true });
    },
  };
}

/** The insights cache file a build of `dataDir` reads and writes (one per data set and engine version). */
export async function insightsCacheOf(dataDir: string): Promise<string> {
  const business = BusinessFile.parse(JSON.parse(await readFile(path.join(dataDir, "business.json"), "utf8")));
  return cacheFile(path.join(ROOT, ".cache", "insights"), analyzerFor(business), dataDir);
}

/** Parses `--sizes 1000,10000` style lists of whole numbers. */
export function parseSizes(value: string): number[] {
  return value.split(",").map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--sizes takes whole numbers separated by commas, got "${s}"`);
    return n;
  });
}

/**
 * Appends to `dataDir`'s reviews.jsonl a new review `id` saying `text`: a copy of the first line, published a day after
 * the newest review, as reviews arrive.
 */
export async function appendNewReview(dataDir: string, id: string, text: string): Promise<void> {
  const file = path.join(dataDir, "reviews.jsonl");
  const lines = (await readFile(file, "utf8")).split("\n").filter(Boolean);
  const first = JSON.parse(lines[0]!) as { verified: Record<string, unknown> };
  const newest = lines.reduce((m, l) => {
    const at = (JSON.parse(l) as { published_at: string }).published_at;
    return at > m ? at : m;
  }, "");
  const at = new Date(Date.parse(newest) + 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const review = {
    ...first,
    id,
    text,
    published_at: at,
    updated_at: null,
    owner_reply: null,
    verified: { ...first.verified, verified_at: at },
  };
  await appendFile(file, `${JSON.stringify(review)}\n`);
}
