// A worker thread that writes the search index file from /reviews.json's bytes, so that indexing runs on another core:
// beside the pages in a rebuild, beside the publish step's hashing in a full build. Started by large-outputs.ts. When
// the previous release's reviews were read back, its index file is extended with the new reviews (extend-index.ts)
// instead of indexing them all; the file is the same either way.
import { readFile, writeFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { extendIndexColumns, NotAnExtension } from "../lib/search/extend-index.ts";
import { decodeSearchIndex, encodeSearchIndex, IndexFileError, indexFileChecksum } from "../lib/search/index-file.ts";
import { type IndexColumns, indexColumnsOfSource } from "../lib/search/index.ts";
import type { Texts } from "../lib/search/text-index.ts";
import type { Business } from "../lib/schema/business.ts";
import type { Review } from "../lib/schema/review.ts";
import { partitionPoint } from "../lib/partition-point.ts";
import { yieldToMainThread } from "./thread-priority.ts";

export type SearchIndexJob = {
  /** /reviews.json, in parts of memory shared with the main thread. */
  json: Uint8Array[];
  /** Review k's JSON is bytes [starts[k], ends[k]) of the file, all within one part. */
  starts: Uint32Array;
  ends: Uint32Array;
  business: Business;
  updatedAt: string;
  /** Where the index file is written. */
  file: string;
  /** The previous release's index file, and per review the position it had there (-1 for a new review). */
  previous: { file: string; crc32: number; from: Int32Array } | null;
  /**
   * What it runs beside: the pages, whose thread it yields to; or the publish step, which waits for it with its
   * hashing workers, whose priority it keeps.
   */
  beside: "pages" | "publish";
};

/** What the worker tells the main thread when the file is written: how the index was made (for the build's log). */
export type SearchIndexDone = { made: string };

const job = workerData as SearchIndexJob;
if (job.beside === "pages") yieldToMainThread();
// Where each part starts in the file.
const partStarts: number[] = [];
for (let at = 0, i = 0; i < job.json.length; at += job.json[i++]!.length) partStarts.push(at);

function parse(k: number): Review {
  const start = job.starts[k]!;
  // The last part that starts at or before the review.
  const p = partitionPoint(partStarts.length, (i) => partStarts[i]! <= start) - 1;
  const part = job.json[p]!;
  const at = start - partStarts[p]!;
  return JSON.parse(Buffer.from(part.buffer, part.byteOffset + at, job.ends[k]! - start).toString("utf8")) as Review;
}

async function extended(previous: NonNullable<SearchIndexJob["previous"]>): Promise<IndexColumns<Texts>> {
  const file = await readFile(previous.file);
  if (indexFileChecksum(file) !== previous.crc32)
    throw new NotAnExtension("the previous index file is not the one its manifest lists");
  const added: Review[] = [];
  previous.from.forEach((p, k) => p === -1 && added.push(parse(k)));
  // Its texts are carried through as the file stores them: neither decoded nor encoded again.
  return extendIndexColumns(decodeSearchIndex(file, "stored").columns, { from: previous.from, added });
}

let made = "search index built from every review";
let columns: IndexColumns<Texts> | null = null;
if (job.previous) {
  try {
    columns = await extended(job.previous);
    made = "search index extended from the previous release's";
  } catch (err) {
    // A file system error (the previous file is gone or unreadable), as opposed to a fault of this code.
    const unreadable = typeof (err as NodeJS.ErrnoException).syscall === "string";
    if (!(err instanceof NotAnExtension || err instanceof IndexFileError || unreadable)) throw err;
    made += ` (the previous one could not be extended: ${(err as Error).message})`;
  }
}
// Each review is parsed when the index reads it and dropped after: the worker never holds them all as objects.
columns ??= indexColumnsOfSource(job.business, { count: job.starts.length, parse });
await writeFile(job.file, encodeSearchIndex(columns, job.updatedAt));
parentPort!.postMessage({ made } satisfies SearchIndexDone);
