// A worker thread that hashes and precompresses its share of the files a build made (hash-files.ts), one at a time
// with synchronous compression: it has a core to itself.
import { parentPort, workerData } from "node:worker_threads";
import { compressSync } from "../../build/compress.ts";
import type { HashedFile } from "../../build/hashed-file.ts";
import type { PreviousRelease } from "../../build/previous-release.ts";
import { entriesByHash } from "./carry-over.ts";
import { hashFile } from "./hash-files.ts";

export type HashFilesJob = { root: string; names: readonly string[]; previous: PreviousRelease | null };

const { root, names, previous } = workerData as HashFilesJob;
const byHash = entriesByHash(previous);
const out: HashedFile[] = [];
for (const name of names) out.push(await hashFile(root, name, previous, byHash, compressSync));
parentPort!.postMessage(out);
