// Astro integration run after the build: carries unchanged pages over from the previous release, writes the sitemaps,
// hashes and precompresses every other file, writes the change log, manifest.json, _headers and the build record,
// publishes atomically.
import { open, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { ANALYSIS_COLUMNS_FILE } from "../../build/analysis-columns-file.ts";
import { writeChangeLog } from "../../build/change-log.ts";
import { listFiles } from "../../build/list-files.ts";
import type { NextChangeLog } from "../../lib/changes/diff.ts";
import type { BuildContext } from "../../build/context.ts";
import { sha256 } from "../../build/hash.ts";
import { DATASET_FILE } from "../../build/large-outputs.ts";
import { BUILD_RECORD, type BuildRecord, readPreviousRelease } from "../../build/previous-release.ts";
import { releaseMemory } from "../../build/release-memory.ts";
import { CHANGE_LOG_FILE, decodeChangeLog } from "../../lib/changes/log.ts";
import { RELEASE_DB_FILE } from "../../lib/release-db/schema.ts";
import { writeReleaseDb } from "../../build/release-db.ts";
import { reviewPath } from "../../lib/html/review-card.ts";
import { REVIEW_SHELL_FILE } from "../../lib/html/review-shell.ts";
import type { ReviewShellFile, SearchIndexFile } from "../../lib/schema/manifest.ts";
import {
  INDEX_FILE_FORMAT,
  INDEX_FILE_NAME,
  INDEX_FILE_PREAMBLE_BYTES,
  indexFileChecksum,
} from "../../lib/search/index-file.ts";
import { carryPages } from "./carry-over.ts";
import { hashAndCompress } from "./hash-files.ts";
import { headersFile } from "./headers-file.ts";
import { type BuildMeta, buildManifest } from "./manifest.ts";
import { promote, pruneBeforePromote } from "./release.ts";
import { writeSitemaps } from "./sitemap.ts";

/** Files the build writes on other threads (/reviews.json) or keeps in the release unpublished (the others). */
const BUILD_FILES = new Set([DATASET_FILE, INDEX_FILE_NAME, ANALYSIS_COLUMNS_FILE]);
/** Files this step writes itself; they describe the release rather than belong to the site. */
const OWN_FILES = new Set([
  "manifest.json",
  "_headers",
  BUILD_RECORD,
  CHANGE_LOG_FILE,
  REVIEW_SHELL_FILE,
  RELEASE_DB_FILE,
]);

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
        const site = await context.site();
        // The pages are made: what their making left in a full build's heap goes before the files are hashed.
        if (site.fromSource) releaseMemory();
        context.pagesRendered();
        const plan = await context.archivePlan();
        const build = await context.previousBuild();
        const carriedFiles = plan.carried.map((p) => p.file);
        // Read again: another build may have pruned the release since this one read it.
        const previous = build.release ? await readPreviousRelease(build.release.dir, build.fingerprint) : null;
        if (carriedFiles.length > 0 && !previous?.release)
          throw new Error(`the previous release changed during the build (${previous?.reason}); build again`);
        const carried = previous?.release ? carryPages(root, previous.release, carriedFiles) : [];
        const listed = await listBuiltFiles(root);
        // Review pages are the sidecar's (rendered from the release), but listed with the files' pages.
        const reviewPages = site.dataset.reviews.map((r) => reviewPath(r.id)).reverse();
        const sitemaps = await writeSitemaps(root, site.origin, listed, reviewPages);
        const carriedPaths = new Set(carriedFiles);
        const made = [...listed, ...sitemaps].filter((f) => !carriedPaths.has(f)).sort();
        const hashed = await hashAndCompress(root, made, previous?.release ?? null);
        const changes = await writeChangeLog(
          root,
          site.dataset.reviews,
          site.reviewHashes,
          await context.previousChangeLog(),
          context.now,
        );
        // Written and described by the build itself (large-outputs.ts), on other threads, awaited last.
        const { datasetFile, datasetGzipChunks, gzipMade, indexMade } = await site.largeOutputs;
        const files = [...carried, datasetFile, ...hashed];
        const meta: BuildMeta = {
          updated_at: site.dataset.updated_at,
          source_hash: site.sourceHash,
          site_url: site.origin,
        };
        // The sidecar's reviews and change log, closed before the manifest describes it.
        const releaseDb = await writeReleaseDb(path.join(root, RELEASE_DB_FILE), {
          dataset: site.dataset,
          changeLog: decodeChangeLog(changes.next.text),
        });
        const manifest = {
          ...buildManifest(files, meta, await describeIndexFile(root), changes.file, await describeReviewShell(root)),
          release_db: releaseDb,
        };
        const manifestJson = `${JSON.stringify(manifest, null, 2)}\n`;
        await writeFile(path.join(root, "manifest.json"), manifestJson);
        await writeFile(path.join(root, "_headers"), headersFile(manifest));
        const record: BuildRecord = {
          fingerprint: build.fingerprint,
          pages: Object.fromEntries(plan.pages.map((p) => [p.path, p.key])),
          source: site.sourceRecord,
          ...(datasetGzipChunks && { dataset_gzip_chunks: datasetGzipChunks }),
        };
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
              : `every page built (${previous?.reason ?? build.reason})`
          }; ${site.reviewsRead}; ${site.analysesRead}; ${gzipMade}; ${indexMade}; ${changesMade(changes.next, changes.reason)}`,
        );
      },
    },
  };
}

function changesMade(next: NextChangeLog, reason: string | null): string {
  return next.started
    ? `change log started anew with ${next.upserts} reviews (${reason})`
    : `change log continued: ${next.upserts} reviews added or changed, ${next.removals} removed`;
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

async function describeReviewShell(root: string): Promise<ReviewShellFile> {
  const bytes = await readFile(path.join(root, REVIEW_SHELL_FILE));
  return { path: REVIEW_SHELL_FILE, bytes: bytes.length, sha256: sha256(bytes) };
}

/** The files Astro wrote, which this step hashes and describes (not those the build writes on other threads). */
async function listBuiltFiles(root: string): Promise<string[]> {
  return (await listFiles(root)).filter(
    (f) => !OWN_FILES.has(f) && !BUILD_FILES.has(f) && !f.endsWith(".br") && !f.endsWith(".gz"),
  );
}
