// A worker thread that writes a large output (/reviews.json, 100 MB at 100k reviews) with its compressed variants and
// describes them for the manifest, so that the main thread neither compresses nor hashes it. Started by
// large-outputs.ts. Node's asynchronous zlib would continue a large input chunk by chunk on the main thread's event
// loop, which a busy build stalls. Its gzip variant is made in chunks (gzip-chunks.ts), reusing the previous
// release's where the bytes are the same.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { brotliSync, MIN_BYTES, writeVariants } from "./compress.ts";
import { chunkEnds, type GzipChunk, gzipChunked, type PreviousGzip } from "./gzip-chunks.ts";
import { sha256 } from "./hash.ts";
import type { HashedFile } from "./hashed-file.ts";
import { yieldToMainThread } from "./thread-priority.ts";

export type LargeFileJob = {
  /** The file's bytes, in parts of memory shared with the main thread. */
  parts: Uint8Array[];
  /** Review k's JSON is bytes [starts[k], ends[k]) of the file: the gzip chunks end at reviews' ends. */
  starts: Uint32Array;
  ends: Uint32Array;
  root: string;
  /** Its path under `root`. */
  name: string;
  /** The previous release's gzip variant of the file, whose unchanged chunks are copied. */
  previousGzip: PreviousGzip | null;
};

/** What the worker reports: the file as the manifest describes it, and its gzip variant's chunks (null when not kept). */
export type LargeFileDone = { file: HashedFile; gzipChunks: GzipChunk[] | null; gzipChunksReused: number };

yieldToMainThread();
const { parts, starts, ends, root, name, previousGzip } = workerData as LargeFileJob;
const bytes = joined(parts);
const written = writeFile(path.join(root, name), bytes);
const gz = gzipChunked(bytes, chunkEnds(bytes, starts, ends), previousGzip);
const keepGzip = bytes.length >= MIN_BYTES && gz.gzip.length < bytes.length;
const encodings = await writeVariants(root, name, {
  br: brotliSync(bytes),
  gzip: keepGzip ? gz.gzip : null,
});
await written;
parentPort!.postMessage({
  file: { path: name, bytes: bytes.length, sha256: sha256(bytes), encodings },
  gzipChunks: keepGzip ? gz.chunks : null,
  gzipChunksReused: gz.reused,
} satisfies LargeFileDone);

/**
 * The parts as one buffer, for the compressors: the one part when there is one (a full build writes the head before the
 * reviews it made, a rebuild before the reviews read back), else joined here, off the main thread.
 */
function joined(parts: readonly Uint8Array[]): Buffer {
  const [first] = parts;
  return first && parts.length === 1 ? Buffer.from(first.buffer, first.byteOffset, first.length) : Buffer.concat(parts);
}
