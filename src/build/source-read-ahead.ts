// Reading the build's source ahead, on a worker thread (source-read-worker.ts) while Vite bundles: the files' bytes and
// hashes, and the previous release's /reviews.json with its hash, as read-source.ts would read them itself.
import path from "node:path";
import { z } from "zod";
import type { PreviousBuild } from "./previous-release.ts";
import type { PreviousJson } from "./previous-reviews.ts";
import { DATASET_FILE } from "./large-outputs.ts";
import { runWorker } from "./run-worker.ts";
import type { SourceReadJob } from "./source-read-worker.ts";
import type { SourceDigests, SourceFiles } from "./source.ts";

const WORKER = "src/build/source-read-worker.ts";

export type SourceReadAhead = {
  files: SourceFiles;
  digests: SourceDigests;
  /** The previous release's /reviews.json, in memory other threads can share; null when not read. */
  previous: PreviousJson | null;
};

const Bytes = z.instanceof(Uint8Array);
const Hex = z.string().regex(/^[0-9a-f]{64}$/);
const Reported = z
  .object({
    files: z
      .object({
        businessFile: z.string(),
        reviewsFile: z.string(),
        suppressedFile: z.string(),
        business: Bytes,
        reviews: Bytes,
        suppressed: Bytes.nullable(),
      })
      .strict(),
    digests: z.object({ business: Hex, reviews: Hex, prefix: Hex.nullable(), suppressed: Hex.nullable() }).strict(),
    previous: z.object({ bytes: Bytes, sha256: Hex }).strict().nullable(),
  })
  .strict()
  .nullable();

/**
 * The source in `dataDir` read against `previousBuild`; null when a file is missing or unreadable, or the worker fails
 * (which is said on stderr): the build then reads on the main thread, which reports a problem as it always has.
 */
export async function readSourceAhead(
  dataDir: string,
  previousBuild: () => Promise<PreviousBuild>,
): Promise<SourceReadAhead | null> {
  try {
    const { release } = await previousBuild();
    const entry = release?.files.get(DATASET_FILE);
    const job: SourceReadJob = {
      dataDir,
      record: release?.record.source ?? null,
      previousJson: release && entry ? path.join(release.dir, entry.path) : null,
    };
    const read = await runWorker(WORKER, job, Reported);
    if (!read) return null;
    const { files, digests, previous } = read;
    return {
      files: {
        ...files,
        business: asBuffer(files.business),
        reviews: asBuffer(files.reviews),
        suppressed: files.suppressed && asBuffer(files.suppressed),
      },
      digests,
      previous: previous && { bytes: asBuffer(previous.bytes), sha256: previous.sha256 },
    };
  } catch (err) {
    process.stderr.write(
      `the source could not be read ahead, and is read after Vite instead: ${(err as Error).message}\n`,
    );
    return null;
  }
}

/** A Buffer over the same memory: what crosses from a worker is a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
