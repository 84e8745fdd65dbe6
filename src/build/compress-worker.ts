// A worker thread that writes one compressed variant of a large output (/reviews.json), so that compressing 100 MB
// runs on another core and does not wait on the main thread's event loop. Started by large-outputs.ts.
import { writeFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { compressSync, type Encoding } from "../integrations/publish/compress.ts";

export type CompressJob = {
  /** The file's bytes, shared with the main thread (not copied). */
  bytes: SharedArrayBuffer;
  encoding: Encoding;
  /** Where the variant is written; nothing is written when it would not be smaller than the file. */
  file: string;
};

const job = workerData as CompressJob;
const out = compressSync(Buffer.from(job.bytes), job.encoding);
if (out) await writeFile(job.file, out);
parentPort!.postMessage(out !== null);
