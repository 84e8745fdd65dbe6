// Generated benchmark data sets (bench-data/<n>/, not committed), made on first use with the sample-data generator.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, readFile } from "node:fs/promises";
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
