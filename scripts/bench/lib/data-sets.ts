// Generated benchmark data sets (bench-data/<n>/, not committed), made on first use with the sample-data generator.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

/** Parses `--sizes 1000,10000` style lists of whole numbers. */
export function parseSizes(value: string): number[] {
  return value.split(",").map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--sizes takes whole numbers separated by commas, got "${s}"`);
    return n;
  });
}
