// /reviews.json (100 MB at 100k reviews) and the sidecar's search index are written by the build itself into the
// staging directory; their endpoints return no body, for which Astro writes no file. Astro holds a response body whole
// before writing it, one more copy of each. They are made on worker threads, over the same shared memory: /reviews.json
// written, compressed and hashed as soon as the dataset is assembled (site.ts), while the main thread computes insights
// and renders pages; the index extended then too in a rebuild, and made once the pages are rendered in a full build. The
// publish step takes their description from the build context.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { INDEX_FILE_NAME } from "../lib/search/index-file.ts";
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import { datasetJson, type RoomBefore } from "./dataset-json.ts";
import { GzipChunk, type PreviousGzip } from "./gzip-chunks.ts";
import { HashedFile } from "./hashed-file.ts";
import { runWorker } from "./run-worker.ts";
import type { LargeFileDone, LargeFileJob } from "./large-file-worker.ts";
import type { PreviousRelease } from "./previous-release.ts";
import type { SearchIndexDone, SearchIndexJob } from "./search-index-worker.ts";

/** The workers' sources, run by Node itself (it strips the types), relative to the project directory builds run in. */
const INDEX_WORKER = "src/build/search-index-worker.ts";
const LARGE_FILE_WORKER = "src/build/large-file-worker.ts";

export const DATASET_FILE = "reviews.json";

/** What the large file worker reports. */
const LargeFileDoneSchema = z
  .object({ file: HashedFile, gzipChunks: z.array(GzipChunk).nullable(), gzipChunksReused: z.int().min(0) })
  .strict() satisfies z.ZodType<LargeFileDone>;

/** What the search index worker reports. */
const SearchIndexDoneSchema = z.object({ made: z.string() }).strict() satisfies z.ZodType<SearchIndexDone>;

/**
 * The previous release whose reviews were read back, and per review of the dataset its position there (-1 for a new
 * review): its index file is extended.
 */
export type PreviousOutputs = { release: PreviousRelease; from: Int32Array };

export type LargeOutputsJob = {
  /** The directory Astro builds into. */
  dir: string;
  dataset: ReviewsDataset;
  /** Each review's JSON (dataset-json.ts), and memory lent to /reviews.json. */
  reviewJson: readonly Buffer[];
  room: RoomBefore | null;
  previous: PreviousOutputs | null;
  /** The previous release built by the same code, whose /reviews.json.gz lends its unchanged chunks. */
  release: PreviousRelease | null;
  /** The search index is started when this resolves; null: at once. */
  indexAfter?: Promise<void> | null;
};

/**
 * /reviews.json as the manifest describes it (with its variants) and its gzip chunks (for the build record), and how its
 * gzip variant and the search index were made (for the log).
 */
export type LargeOutputs = {
  datasetFile: HashedFile;
  datasetGzipChunks: GzipChunk[] | null;
  gzipMade: string;
  indexMade: string;
};

/**
 * Writes /reviews.json, its .br and .gz, and the search index file; resolves when all are on disk. The workers are
 * started before it returns (the index's when `indexAfter` resolves, its job kept until then), and nothing else it was
 * given is kept while they run: the reviews' JSON that is not part of the file's shared memory is garbage once copied
 * into it.
 */
export function writeLargeOutputs({
  dir,
  dataset,
  reviewJson,
  room,
  previous,
  release,
  indexAfter = null,
}: LargeOutputsJob): Promise<LargeOutputs> {
  mkdirSync(dir, { recursive: true });
  const { parts, starts, ends } = datasetJson(dataset, reviewJson, room);
  const job: SearchIndexJob = {
    json: parts,
    starts,
    ends,
    business: dataset.business,
    updatedAt: dataset.updated_at,
    file: path.join(dir, INDEX_FILE_NAME),
    previous: previous && previousIndex(previous),
    beside: indexAfter ? "publish" : "pages",
  };
  const fileJob: LargeFileJob = {
    parts,
    starts,
    ends,
    root: dir,
    name: DATASET_FILE,
    previousGzip: release && previousGzip(release),
  };
  return outputsOf(
    runWorker(LARGE_FILE_WORKER, fileJob, LargeFileDoneSchema),
    indexAfter
      ? indexAfter.then(() => runWorker(INDEX_WORKER, job, SearchIndexDoneSchema))
      : runWorker(INDEX_WORKER, job, SearchIndexDoneSchema),
  );
}

async function outputsOf(file: Promise<LargeFileDone>, searchIndex: Promise<SearchIndexDone>): Promise<LargeOutputs> {
  const [written, index] = await Promise.all([file, searchIndex]);
  const chunks = written.gzipChunks;
  return {
    datasetFile: written.file,
    datasetGzipChunks: chunks,
    gzipMade: chunks
      ? `${DATASET_FILE}.gz: ${chunks.length - written.gzipChunksReused} of ${chunks.length} chunks compressed`
      : `${DATASET_FILE}: no gzip variant`,
    indexMade: index.made,
  };
}

function previousIndex({ release, from }: PreviousOutputs): SearchIndexJob["previous"] {
  if (!release.searchIndex) return null;
  return { file: path.join(release.dir, release.searchIndex.path), crc32: release.searchIndex.crc32, from };
}

/** The previous release's /reviews.json.gz and its chunks, when its build record lists them. */
function previousGzip(release: PreviousRelease): PreviousGzip | null {
  const gzip = release.files.get(DATASET_FILE)?.encodings.gzip;
  const chunks = release.record.dataset_gzip_chunks;
  return gzip && chunks ? { file: path.join(release.dir, gzip.path), sha256: gzip.sha256, chunks } : null;
}
