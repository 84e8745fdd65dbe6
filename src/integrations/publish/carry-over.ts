// What a rebuild takes from the previous release instead of making it again: whole pages whose key is unchanged, and
// the compressed variants of any file whose bytes are unchanged. Releases are immutable, so files are hard-linked.
import { copyFileSync, linkSync, mkdirSync } from "node:fs";
import path from "node:path";
import { VARIANTS } from "../../build/compress.ts";
import type { HashedFile } from "../../build/hashed-file.ts";
import type { PreviousRelease } from "../../build/previous-release.ts";
import type { ManifestEntry } from "../../lib/schema/manifest.ts";

/** A file the previous release listed is gone (another build pruned that release during this one). */
export class MissingFromRelease extends Error {
  override name = "MissingFromRelease";
  constructor(file: string, dir: string) {
    super(`${file} went missing from the previous release ${dir} during the build; build again`);
  }
}

/**
 * Links `files` and their variants from `release` into `root`; their manifest entries come along unchanged. With
 * synchronous calls: a large rebuild carries thousands of links, which as asynchronous requests would take turns on the
 * thread pool with the publish step's other reads and writes.
 */
export function carryPages(root: string, release: PreviousRelease, files: readonly string[]): HashedFile[] {
  // Each directory made once: a page and its variants share one, and 2,000 pages are thousands of links.
  const dirs = new Set<string>();
  return files.map((file) => {
    const entry = release.files.get(file);
    if (!entry) throw new Error(`the previous release ${release.dir} does not list ${file}`);
    linkInto(release.dir, entry.path, root, file, dirs);
    return {
      path: file,
      bytes: entry.bytes,
      sha256: entry.sha256,
      encodings: linkVariants(release, entry, root, file, dirs),
    };
  });
}

/** The previous release's entries by content hash, for files a rebuild made again with the same bytes. */
export function entriesByHash(release: PreviousRelease | null): ReadonlyMap<string, ManifestEntry> {
  return new Map(release ? [...release.files.values()].map((e) => [e.sha256, e]) : []);
}

/**
 * Links the compressed variants of `entry` in `release` as those of `file` in `root`; `dirs`, the directories already
 * made under `root`.
 */
export function linkVariants(
  release: PreviousRelease,
  entry: ManifestEntry,
  root: string,
  file: string,
  dirs: Set<string> = new Set(),
): HashedFile["encodings"] {
  const encodings: HashedFile["encodings"] = {};
  for (const [key, ext] of VARIANTS) {
    const variant = entry.encodings[key];
    if (!variant) continue;
    linkInto(release.dir, variant.path, root, file + ext, dirs);
    encodings[key] = { path: file + ext, bytes: variant.bytes, sha256: variant.sha256 };
  }
  return encodings;
}

function linkInto(fromDir: string, from: string, toDir: string, to: string, dirs: Set<string>): void {
  const target = path.join(toDir, to);
  const dir = path.dirname(target);
  if (!dirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    dirs.add(dir);
  }
  try {
    linkSync(path.join(fromDir, from), target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new MissingFromRelease(from, fromDir);
    // A file system without hard links (or across devices): a copy holds the same bytes.
    if (code === "EXDEV" || code === "EPERM" || code === "ENOTSUP") copyFileSync(path.join(fromDir, from), target);
    else throw err;
  }
}
