// The release's data files, written by the build itself rather than rendered by Astro: /reviews.json, /insights.json
// the sidecar's search index and the reviews of its release database. The pages read the first two back (site-data.ts); every file the release holds
// besides the pages and the publish step's own is written here.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { encodeSearchIndex, INDEX_FILE_NAME } from "../lib/search/index-file.ts";
import { indexColumnsOf } from "../lib/search/index.ts";
import { RELEASE_DB_FILE } from "../lib/release-db/schema.ts";
import { writeReleaseReviews } from "./release-db.ts";
import type { Site } from "./derive.ts";

export const DATASET_FILE = "reviews.json";
export const INSIGHTS_FILE = "insights.json";

/** Writes the data files of `site` into `dir`. */
export async function writeReleaseFiles(dir: string, site: Site): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, DATASET_FILE), datasetParts(site));
  await writeFile(path.join(dir, INSIGHTS_FILE), JSON.stringify(site.insights));
  const index = encodeSearchIndex(indexColumnsOf(site.dataset), site.dataset.updated_at);
  await writeFile(path.join(dir, INDEX_FILE_NAME), index);
  writeReleaseReviews(path.join(dir, RELEASE_DB_FILE), site.dataset, site.reviewJson);
}

/**
 * /reviews.json: `JSON.stringify` of the dataset, put together from the reviews' JSON the build already made, a
 * thousand reviews at a time (never the whole 100 MB at once).
 */
function* datasetParts({ dataset, reviewJson }: Site): Generator<string> {
  const { reviews: _, ...rest } = dataset;
  const head = JSON.stringify({ ...rest, reviews: [] });
  if (!head.endsWith('"reviews":[]}'))
    throw new Error("the dataset's reviews must be its last member to be written review by review");
  yield head.slice(0, -2);
  for (let k = 0; k < reviewJson.length; k += 1000) yield (k > 0 ? "," : "") + reviewJson.slice(k, k + 1000).join(",");
  yield "]}";
}
