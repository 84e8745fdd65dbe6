// A worker thread that reads the build's source files and the previous release's /reviews.json, and hashes them, while
// Vite bundles the pages on the main thread: at 100k reviews 170 MB to read and hash, which the main thread would
// otherwise do once the bundling is done, at the head of the rest of the build's work. Started by source-read-ahead.ts,
// which reads on the main thread instead when this reports nothing or fails.
import { parentPort, workerData } from "node:worker_threads";
import { sha256 } from "./hash.ts";
import type { SourceRecord } from "./previous-release.ts";
import { type PreviousJson, readShared, roomFor, whyNotExtended } from "./previous-reviews.ts";
import { DataError, readSourceFiles, sourceDigests } from "./source.ts";

export type SourceReadJob = {
  dataDir: string;
  /** The source the previous release was built from, whose reviews.jsonl prefix is hashed. */
  record: SourceRecord | null;
  /** The previous release's /reviews.json: read when this source extends that release's. */
  previousJson: string | null;
};

const { dataDir, record, previousJson } = workerData as SourceReadJob;
parentPort!.postMessage(...readAhead());

function readAhead(): [unknown, ArrayBuffer[]] {
  let files;
  try {
    files = readSourceFiles(dataDir);
  } catch (err) {
    // A file missing or unreadable: reported by the main thread, which reads again.
    if (err instanceof DataError) return [null, []];
    throw err;
  }
  const digests = sourceDigests(files, record?.reviews_bytes);
  let previous: PreviousJson | null = null;
  if (previousJson !== null && record && whyNotExtended(record, files, digests) === null) {
    try {
      const bytes = readShared(previousJson, roomFor(files.reviews.length - record.reviews_bytes));
      previous = { bytes, sha256: sha256(bytes) };
    } catch {
      // The main thread reads it again, and says why it cannot be reused.
    }
  }
  // A buffer with its own memory moves to the main thread; one from Node's pool of small buffers is copied.
  const movable = [files.business, files.reviews, files.suppressed].flatMap((b) =>
    b && b.byteOffset === 0 && b.buffer.byteLength === b.length && !(b.buffer instanceof SharedArrayBuffer)
      ? [b.buffer as ArrayBuffer]
      : [],
  );
  return [{ files, digests, previous }, movable];
}
