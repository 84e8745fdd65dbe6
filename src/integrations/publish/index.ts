// Astro integration run after the build: carries unchanged pages over from the previous release, writes the sitemaps,
// hashes and precompresses every other file, writes manifest.json, _headers and the build record, publishes atomically.
import { open, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import {
  BUILD_RECORD,
  type BuildRecord,
  type PreviousRelease,
  readPreviousRelease,
} from "../../build/previous-release.ts";
import type { BuildContext } from "../../build/context.ts";
import type { ManifestEntry, SearchIndexFile } from "../../lib/schema/manifest.ts";
import {
  INDEX_FILE_FORMAT,
  INDEX_FILE_NAME,
  INDEX_FILE_PREAMBLE_BYTES,
  indexFileChecksum,
} from "../../lib/search/index-file.ts";
import { compress, VARIANTS, writeVariants } from "../../build/compress.ts";
import { sha256 } from "../../build/hash.ts";
import type { HashedFile } from "../../build/hashed-file.ts";
import { carryPages, entriesByHash, linkVariants, MissingFromRelease } from "./carry-over.ts";
import { BUILT_FILES, takeBuiltFiles } from "../../build/built-files.ts";
import { contentTypeOf, isCompressible } from "./content-types.ts";
import { headersFile } from "./headers-file.ts";
import { type BuildMeta, buildManifest } from "./manifest.ts";
import { promote, pruneBeforePromote } from "./release.ts";
import { writeSitemaps } from "./sitemap.ts";

/** Written by the `build-meta.json` endpoint, read here, never published. */
const BUILD_META = "build-meta.json";
/** Files this step writes itself; they describe the release rather than belong to the site. */
const OWN_FILES = new Set(["manifest.json", "_headers", BUILD_META, BUILD_RECORD, BUILT_FILES]);

const WORKERS = 2;

export default function publish(context: BuildContext): AstroIntegration {
  const { paths } = context;
  let pruning: Promise<void> = Promise.resolve();
  return {
    name: "reviews-service:publish",
    hooks: {
      "astro:build:start": ({ logger }) => {
        // promote() prunes again, so a failure here costs time, not releases.
        pruning = pruneBeforePromote(paths).catch((err: Error) =>
          logger.warn(`could not remove old releases while building: ${err.message}`),
        );
      },
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const started = performance.now();
        const meta = JSON.parse(await readFile(path.join(root, BUILD_META), "utf8")) as BuildMeta;
        await rm(path.join(root, BUILD_META));
        const { reuse } = meta;
        const previous = reuse.previous ? await readPreviousRelease(reuse.previous, reuse.fingerprint) : null;
        if (reuse.carried.length > 0 && !previous?.release)
          throw new Error(`the previous release changed during the build (${previous?.reason}); build again`);
        const carried = previous?.release ? carryPages(root, previous.release, reuse.carried) : [];
        const listed = await listFiles(root);
        const sitemaps = await writeSitemaps(root, meta.site_url, listed);
        const carriedPaths = new Set(reuse.carried);
        const made = [...listed, ...sitemaps].filter((f) => !carriedPaths.has(f)).sort();
        const built = await takeBuiltFiles(root);
        const files = [
          ...carried,
          ...made.filter((f) => built.has(f)).map((f) => built.get(f)!),
          ...(await hashAndCompress(
            root,
            made.filter((f) => !built.has(f)),
            previous?.release ?? null,
          )),
        ];
        const manifest = buildManifest(files, meta, await describeIndexFile(root));
        const manifestJson = `${JSON.stringify(manifest, null, 2)}\n`;
        await writeFile(path.join(root, "manifest.json"), manifestJson);
        await writeFile(path.join(root, "_headers"), headersFile(manifest));
        const record: BuildRecord = { fingerprint: reuse.fingerprint, pages: reuse.pages, source: reuse.source };
        const recordJson = `${JSON.stringify(record)}\n`;
        await writeFile(path.join(root, BUILD_RECORD), recordJson);
        // Over the record too: the same files built by other code are another release, whose record names that code.
        const releaseId = sha256(Buffer.from(manifestJson + recordJson)).slice(0, 16);
        await pruning;
        const target = await promote({ ...paths, stagingDir: root }, releaseId);
        logger.info(
          `published ${files.length} files as release ${releaseId} (${path.relative(process.cwd(), paths.distDir)} -> ${path.relative(process.cwd(), target)}) in ${Math.round(performance.now() - started)} ms; ${
            previous?.release
              ? `${carried.length} unchanged pages carried over from the previous release`
              : `every page built (${previous?.reason ?? reuse.reason})`
          }; ${reuse.reviews_read}; ${reuse.index_made}`,
        );
      },
    },
  };
}

/** The sidecar's index file, kept in the release but not published: described apart, from its preamble alone. */
async function describeIndexFile(root: string): Promise<SearchIndexFile> {
  const file = await open(path.join(root, INDEX_FILE_NAME));
  try {
    const preamble = Buffer.alloc(INDEX_FILE_PREAMBLE_BYTES);
    await file.read(preamble, 0, preamble.length, 0);
    const { size } = await file.stat();
    return { path: INDEX_FILE_NAME, format: INDEX_FILE_FORMAT, bytes: size, crc32: indexFileChecksum(preamble) };
  } finally {
    await file.close();
  }
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((f) => !OWN_FILES.has(f) && f !== INDEX_FILE_NAME && !f.endsWith(".br") && !f.endsWith(".gz"))
    .sort();
}

/** Hashes each file; compresses it unless the previous release holds the same bytes, whose variants are linked. */
async function hashAndCompress(root: string, names: string[], previous: PreviousRelease | null): Promise<HashedFile[]> {
  const byHash = entriesByHash(previous);
  const out: HashedFile[] = new Array(names.length);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      out[i] = await hashOne(root, names[i]!, previous, byHash);
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return out;
}

async function hashOne(
  root: string,
  name: string,
  previous: PreviousRelease | null,
  byHash: ReadonlyMap<string, ManifestEntry>,
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
  return { ...file, encodings: await writeVariants(root, name, await compress(bytes)) };
}
