// A worker thread that writes a large output (/reviews.json, 100 MB at 100k reviews) with its compressed variants and
// describes them for the manifest, so that the main thread neither compresses nor hashes it. Started by
// large-outputs.ts. Node's asynchronous zlib would continue a large input chunk by chunk on the main thread's event
// loop, which a busy build stalls.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { compressSync, writeVariants } from "./compress.ts";
import { sha256 } from "./hash.ts";
import type { HashedFile } from "./hashed-file.ts";

export type LargeFileJob = {
  /** The file's bytes, in parts of memory shared with the main thread. */
  parts: Uint8Array[];
  root: string;
  /** Its path under `root`. */
  name: string;
};

const { parts, root, name } = workerData as LargeFileJob;
const bytes = joined(parts);
const written = writeFile(path.join(root, name), bytes);
const encodings = await writeVariants(root, name, { br: compressSync(bytes, "br"), gzip: compressSync(bytes, "gzip") });
await written;
parentPort!.postMessage({ path: name, bytes: bytes.length, sha256: sha256(bytes), encodings } satisfies HashedFile);

/**
 * The parts as one buffer, for the compressors: a view when they lie end to end in one memory (a full build copies
 * every review into one shared buffer), else joined here, off the main thread.
 */
function joined(parts: readonly Uint8Array[]): Buffer {
  const [first] = parts;
  const adjacent = parts.every(
    (p, i) =>
      i === 0 || (p.buffer === first!.buffer && p.byteOffset === parts[i - 1]!.byteOffset + parts[i - 1]!.length),
  );
  if (!first || !adjacent) return Buffer.concat(parts);
  return Buffer.from(
    first.buffer,
    first.byteOffset,
    parts.reduce((n, p) => n + p.length, 0),
  );
}
