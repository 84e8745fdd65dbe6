// The analyses a release keeps for the next build (analysis-columns.bin), read as a rebuild reads them: for the reviews
// its /reviews.json publishes, in their order.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ANALYSIS_COLUMNS_FILE, decodeAnalysisColumns, reviewsDigest } from "../../src/build/analysis-columns-file.ts";
import { reviewHash } from "../../src/lib/changes/log.ts";
import type { AnalysisColumns } from "../../src/lib/insights/analysis-columns.ts";

/** The `reviewsDigest` of the reviews `/reviews.json` holds (its text), each hashed as published. */
export function publishedReviewsDigest(reviewsJson: string): string {
  const { reviews } = JSON.parse(reviewsJson) as { reviews: unknown[] };
  return reviewsDigest(reviews.map((r) => reviewHash(JSON.stringify(r))));
}

/** The analyses kept in the release directory `dir` (DIST_DIR resolves too), made by the engine `engine`. */
export async function keptAnalyses(dir: string, engine: string): Promise<AnalysisColumns> {
  const reviewsJson = await readFile(path.join(dir, "reviews.json"), "utf8");
  const size = (JSON.parse(reviewsJson) as { reviews: unknown[] }).reviews.length;
  const file = await readFile(path.join(dir, ANALYSIS_COLUMNS_FILE));
  return decodeAnalysisColumns(file, engine, publishedReviewsDigest(reviewsJson), size);
}
