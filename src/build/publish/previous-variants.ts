// The compressed variants of the release DIST_DIR points at, by the sha256 of the file they compress: a file of this
// build with the same bytes takes them by hard link instead of being compressed again (a rebuild after one added review
// compresses a few files, not 2,000). A variant that is missing or not the one its manifest lists is made again.
import { link, readFile } from "node:fs/promises";
import path from "node:path";
import type { PreviousRelease } from "../change-log.ts";
import { sha256 } from "../hash.ts";
import type { HashedFile } from "../hashed-file.ts";
import { VARIANTS } from "../compress.ts";

export type PreviousVariants = { dir: string; byHash: Map<string, HashedFile["encodings"]> };

/** The variants of the `previous` release; none when there is none or its manifest does not parse. */
export function previousVariants(previous: PreviousRelease): PreviousVariants {
  const byHash = new Map<string, HashedFile["encodings"]>();
  if (previous.dir === null) return { dir: "", byHash };
  for (const entry of Object.values(previous.manifest.files)) {
    const { br, gzip } = entry.encodings;
    if (br || gzip) byHash.set(entry.sha256, { ...(br && { br }), ...(gzip && { gzip }) });
  }
  return { dir: previous.dir, byHash };
}

/**
 * The variants of the file `name` under `root`, whose bytes hash to `hash`, linked from the previous release; null when
 * it holds none for those bytes, or one of them is not what its manifest lists (the caller compresses them then).
 */
export async function linkVariants(
  previous: PreviousVariants,
  hash: string,
  root: string,
  name: string,
): Promise<HashedFile["encodings"] | null> {
  const listed = previous.byHash.get(hash);
  if (!listed) return null;
  const encodings: HashedFile["encodings"] = {};
  try {
    for (const [key, ext] of VARIANTS) {
      const variant = listed[key];
      if (!variant) continue;
      const from = path.join(previous.dir, variant.path);
      if (sha256(await readFile(from)) !== variant.sha256) return null;
      await link(from, path.join(root, name + ext));
      encodings[key] = { path: name + ext, bytes: variant.bytes, sha256: variant.sha256 };
    }
    return encodings;
  } catch {
    return null;
  }
}
