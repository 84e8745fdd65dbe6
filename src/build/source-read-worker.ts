// A worker thread that reads the build's source files and the previous release's /reviews.json, and hashes them, while
// Vite bundles the pages on the main thread: at 100k reviews 170 MB to read and hash, which the main thread would
// otherwise do once the bundling is done, at the head of the rest of the build's work. Started by source-read-ahead.ts,
// which falls back to reading on the main thread when this fails in any way.
import { parentPort, workerData } from "node:worker_threads";
import { sha256 } from "./hash.ts";
import { readShared, roomFor } from "./previous-reviews.ts";
import { readSourceFiles, sourceDigests } from "./source.ts";

export type SourceReadJob = {
  dataDir: string;
  /** reviews.jsonl's length when the previous release was built: the prefix whose hash is compared. */
  prefixBytes: number | undefined;
  /** The previous release's /reviews.json, read back when that release's reviews may be reused. */
  previousJson: string | null;
};

const { dataDir, prefixBytes, previousJson } = workerData as SourceReadJob;
const files = readSourceFiles(dataDir);
const digests = sourceDigests(files, prefixBytes);
let previous: { bytes: Buffer; sha256: string } | null = null;
// Only for a reviews.jsonl at least as long as the previous one: a shorter one cannot extend it (previous-reviews.ts).
if (previousJson !== null && prefixBytes !== undefined && files.reviews.length >= prefixBytes) {
  try {
    const bytes = readShared(previousJson, roomFor(files.reviews.length - prefixBytes));
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
parentPort!.postMessage({ files, digests, previous }, movable);
