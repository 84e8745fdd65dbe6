// Hashing and precompressing the files the build made: each file's .br and .gz compressed whole by zlib on Node's
// thread pool, a few files at a time, or linked from the previous release when it holds them for the same bytes.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { compress, VARIANTS, writeVariants } from "../compress.ts";
import { sha256 } from "../hash.ts";
import type { HashedFile } from "../hashed-file.ts";
import { contentTypeOf, isCompressible } from "./content-types.ts";
import { linkVariants, type PreviousVariants } from "./previous-variants.ts";

/** Files in flight on the thread pool (each compressed to brotli and gzip at once). */
const IN_FLIGHT = 4;

/** Each of `names` (paths under `root`) described for the manifest, its compressed variants written beside it. */
export async function hashAndCompress(
  root: string,
  names: readonly string[],
  previous: PreviousVariants | null = null,
): Promise<HashedFile[]> {
  const out = new Array<HashedFile>(names.length);
  let next = 0;
  const inFlight = async () => {
    while (next < names.length) {
      const i = next++;
      out[i] = await hashFile(root, names[i]!, previous);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, inFlight));
  return out;
}

async function hashFile(root: string, name: string, previous: PreviousVariants | null): Promise<HashedFile> {
  const bytes = await readFile(path.join(root, name));
  const file: HashedFile = { path: name, bytes: bytes.length, sha256: sha256(bytes), encodings: {} };
  if (!isCompressible(contentTypeOf(`/${name}`))) return file;
  const linked = previous && (await linkVariants(previous, file.sha256, root, name));
  if (linked) return { ...file, encodings: linked };
  // Made here instead; what was linked first goes, as writing through a link would change the previous release.
  await Promise.all(VARIANTS.map(([, ext]) => rm(path.join(root, name + ext), { force: true })));
  return { ...file, encodings: await writeVariants(root, name, await compress(bytes)) };
}
