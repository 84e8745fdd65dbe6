// Hashing and precompressing the files the build made. A few (a rebuild's) are compressed on the thread pool; many (a
// full build's 2,000 pages) on worker threads, one per core: their buffers then come and go in the workers' small
// heaps, not in the main thread's, whose collector would otherwise mark its 100k reviews again every few dozen files.
import { availableParallelism } from "node:os";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { type Compressed, compress, VARIANTS, writeVariants } from "../../build/compress.ts";
import { sha256 } from "../../build/hash.ts";
import { HashedFile } from "../../build/hashed-file.ts";
import type { PreviousRelease } from "../../build/previous-release.ts";
import { runWorker } from "../../build/run-worker.ts";
import type { ManifestEntry } from "../../lib/schema/manifest.ts";
import { entriesByHash, linkVariants, MissingFromRelease } from "./carry-over.ts";
import { contentTypeOf, isCompressible } from "./content-types.ts";
import type { HashFilesJob } from "./hash-files-worker.ts";

const WORKER = "src/integrations/publish/hash-files-worker.ts";
/** From this many files on, they are made on worker threads. */
export const ON_WORKERS = 200;
/** Files in flight on the thread pool (each compressed to brotli and gzip at once). */
const IN_FLIGHT = 2;

/** Hashes each file; compresses it unless the previous release holds the same bytes, whose variants are linked. */
export async function hashAndCompress(
  root: string,
  names: readonly string[],
  previous: PreviousRelease | null,
): Promise<HashedFile[]> {
  if (names.length < ON_WORKERS) return hashHere(root, names, previous);
  const threads = Math.max(1, Math.min(4, availableParallelism()));
  // Every thread-th name, so that each gets its share of the large files wherever they sort.
  const shares = Array.from({ length: threads }, (_, t) => names.filter((_, i) => i % threads === t));
  // The first to fail stops the others: the build has failed, and their files would only be written to be removed.
  const stop = new AbortController();
  const done = await Promise.all(
    shares.map((share) =>
      runWorker(
        WORKER,
        { root, names: share, previous } satisfies HashFilesJob,
        z.array(HashedFile),
        stop.signal,
      ).catch((err: unknown) => {
        stop.abort();
        throw err;
      }),
    ),
  );
  return names.map((_, i) => done[i % threads]![Math.floor(i / threads)]!);
}

async function hashHere(root: string, names: readonly string[], previous: PreviousRelease | null) {
  const byHash = entriesByHash(previous);
  const out: HashedFile[] = new Array(names.length);
  let next = 0;
  const inFlight = async () => {
    while (next < names.length) {
      const i = next++;
      out[i] = await hashFile(root, names[i]!, previous, byHash, compress);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, inFlight));
  return out;
}

/** One file, described for the manifest, with its variants compressed by `compressor` or linked from `previous`. */
export async function hashFile(
  root: string,
  name: string,
  previous: PreviousRelease | null,
  byHash: ReadonlyMap<string, ManifestEntry>,
  compressor: (bytes: Buffer) => Compressed | Promise<Compressed>,
): Promise<HashedFile> {
  const bytes = await readFile(path.join(root, name));
  const file: HashedFile = { path: name, bytes: bytes.length, sha256: sha256(bytes), encodings: {} };
  if (!isCompressible(contentTypeOf(`/${name}`))) return file;
  const same = byHash.get(file.sha256);
  if (previous && same) {
    try {
      return { ...file, encodings: linkVariants(previous, same, root, name) };
    } catch (err) {
      if (!(err instanceof MissingFromRelease)) throw err;
      // Made here instead. Unlink what was linked first: writing through a link would change the previous release.
      await Promise.all(VARIANTS.map(([, ext]) => rm(path.join(root, name + ext), { force: true })));
    }
  }
  return { ...file, encodings: await writeVariants(root, name, await compressor(bytes)) };
}
