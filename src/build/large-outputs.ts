// /reviews.json (100 MB at 100k reviews) and the sidecar's search index are written by the build itself into the
// staging directory; their endpoints return no body, for which Astro writes no file. Astro holds a response body whole
// before writing it, one more copy of each. They are started as soon as the dataset is assembled (site.ts): the index
// is built and /reviews.json written, compressed and hashed on worker threads, over the same shared memory, while the
// main thread computes insights and renders pages. The publish step takes their description (built-files.ts).
import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { INDEX_FILE_NAME } from "../lib/search/index-file.ts";
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import type { Review } from "../lib/schema/review.ts";
import { datasetJson, type RoomBefore } from "./dataset-json.ts";
import { BUILT_FILES, type BuiltFiles, DATASET_FILE } from "./built-files.ts";
import type { HashedFile } from "./hashed-file.ts";
import { runWorker } from "./run-worker.ts";
import type { LargeFileJob } from "./large-file-worker.ts";
import type { PreviousRelease } from "./previous-release.ts";
import type { SearchIndexDone, SearchIndexJob } from "./search-index-worker.ts";

/** The workers' sources, run by Node itself (it strips the types), relative to the project directory builds run in. */
const INDEX_WORKER = "src/build/search-index-worker.ts";
const LARGE_FILE_WORKER = "src/build/large-file-worker.ts";

/** The previous release whose reviews were read back (`reused`, in its order): its index file is extended. */
export type PreviousOutputs = { release: PreviousRelease; reused: readonly Review[] };

export type LargeOutputsJob = {
  /** The directory Astro builds into. */
  dir: string;
  dataset: ReviewsDataset;
  /** Each review's JSON (dataset-json.ts), and memory lent to /reviews.json. */
  reviewJson: readonly Buffer[];
  room: RoomBefore | null;
  previous: PreviousOutputs | null;
};

/**
 * Writes /reviews.json, its .br and .gz, and the search index file; resolves when all are on disk, with how the index
 * was made (for the build's log).
 */
export async function writeLargeOutputs({ dir, dataset, reviewJson, room, previous }: LargeOutputsJob): Promise<string> {
  // Synchronously up to the workers' start: the caller goes on with long synchronous work.
  mkdirSync(dir, { recursive: true });
  const { parts, starts, ends } = datasetJson(dataset, reviewJson, room);
  const job: SearchIndexJob = {
    json: parts,
    starts,
    ends,
    business: dataset.business,
    updatedAt: dataset.updated_at,
    file: path.join(dir, INDEX_FILE_NAME),
    previous: previous && previousIndex(dataset, previous),
  };
  const [datasetFile, index] = await Promise.all([
    runWorker<HashedFile>(LARGE_FILE_WORKER, { parts, root: dir, name: DATASET_FILE } satisfies LargeFileJob),
    runWorker<SearchIndexDone>(INDEX_WORKER, job),
  ]);
  await writeFile(path.join(dir, BUILT_FILES), JSON.stringify({ [DATASET_FILE]: datasetFile } satisfies BuiltFiles));
  return index.made;
}

function previousIndex(dataset: ReviewsDataset, { release, reused }: PreviousOutputs): SearchIndexJob["previous"] {
  if (!release.searchIndex) return null;
  const at = new Map(reused.map((r, i) => [r, i]));
  return {
    file: path.join(release.dir, release.searchIndex.path),
    crc32: release.searchIndex.crc32,
    from: Int32Array.from(dataset.reviews, (r) => at.get(r) ?? -1),
  };
}
