// The publish step: once the pages and the data files are in the staging directory, writes the sitemaps, hashes and
// precompresses every public file, writes the change log, manifest.json and _headers, and makes the directory the
// release DIST_DIR points at, atomically.
import { open, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ofBusiness, writeChangeLog, type PreviousChangeLogFile } from "../change-log.ts";
import type { SiteSummary } from "../derive.ts";
import { sha256 } from "../hash.ts";
import { listFiles } from "../list-files.ts";
import type { ReleasePaths } from "../release-paths.ts";
import { CHANGE_LOG_FILE, decodeChangeLog } from "../../lib/changes/log.ts";
import { RELEASE_DB_FILE } from "../../lib/release-db/schema.ts";
import { addChangeLog } from "../release-db.ts";
import { reviewPath } from "../../lib/html/review-card.ts";
import { REVIEW_SHELL_FILE } from "../../lib/html/review-shell.ts";
import { MCP_APPS, MCP_APPS_DIR } from "../../lib/mcp/apps.ts";
import type { McpAppFile, ReviewShellFile, SearchIndexFile } from "../../lib/schema/manifest.ts";
import {
  INDEX_FILE_FORMAT,
  INDEX_FILE_NAME,
  INDEX_FILE_PREAMBLE_BYTES,
  indexFileChecksum,
} from "../../lib/search/index-file.ts";
import type { HashedFile } from "../hashed-file.ts";
import { hashAndCompress } from "./hash-files.ts";
import { headersFile } from "./headers-file.ts";
import { buildManifest } from "./manifest.ts";
import type { PreviousVariants } from "./previous-variants.ts";
import { promote } from "./release.ts";
import { writeSitemaps } from "./sitemap.ts";

/**
 * Files in the release that describe it or are the sidecar's rather than pages of the site: listed apart (so are the
 * MCP Apps under MCP_APPS_DIR).
 */
const OWN_FILES = new Set([
  "manifest.json",
  "_headers",
  CHANGE_LOG_FILE,
  REVIEW_SHELL_FILE,
  INDEX_FILE_NAME,
  RELEASE_DB_FILE,
]);

export type Published = { releaseId: string; target: string; files: number; changes: string };

/**
 * Publishes the staging directory of `paths` as the release of `site`, continuing the previous release's change log
 * with the build's clock `now` (epoch milliseconds) and taking its compressed variants of unchanged files; the files of
 * `hashed` were hashed and compressed already.
 */
export async function publish(
  paths: ReleasePaths,
  site: SiteSummary,
  previous: { log: PreviousChangeLogFile; variants: PreviousVariants },
  now: number,
  hashed: readonly HashedFile[],
): Promise<Published> {
  const root = paths.stagingDir;
  const listed = (await listFiles(root)).filter(
    (f) => !OWN_FILES.has(f) && !f.startsWith(MCP_APPS_DIR) && !/\.(br|gz)$/.test(f),
  );
  // Review pages are the sidecar's (rendered from the release), but listed with the files' pages, oldest first.
  const reviewPages = site.reviews.map((r) => reviewPath(r.id)).reverse();
  const sitemaps = await writeSitemaps(root, site.origin, listed, reviewPages);
  const done = new Set(hashed.map((f) => f.path));
  const rest = [...listed, ...sitemaps].filter((f) => !done.has(f)).sort();
  const files = [...hashed, ...(await hashAndCompress(root, rest, previous.variants))];
  const changes = await writeChangeLog(root, site.reviews, ofBusiness(previous.log, site.businessId), now);
  const meta = {
    updated_at: site.updatedAt,
    source_hash: site.sourceHash,
    site_url: site.origin,
    business_id: site.businessId,
  };
  // The sidecar's reviews and change log, closed before the manifest describes it.
  const releaseDb = await addChangeLog(
    path.join(root, RELEASE_DB_FILE),
    site.reviews.map((r) => r.id),
    decodeChangeLog(changes.next.text),
  );
  const manifest = {
    ...buildManifest(files, meta, await describeIndexFile(root), changes.file, await describeReviewShell(root)),
    mcp_apps: await describeMcpApps(root),
    release_db: releaseDb,
  };
  const manifestJson = `${JSON.stringify(manifest, null, 2)}\n`;
  await writeFile(path.join(root, "manifest.json"), manifestJson);
  await writeFile(path.join(root, "_headers"), headersFile(manifest));
  const releaseId = sha256(Buffer.from(manifestJson)).slice(0, 16);
  const target = await promote(paths, releaseId);
  const { next, reason } = changes;
  return {
    releaseId,
    target,
    files: files.length,
    changes: next.started
      ? `change log started anew with ${next.upserts} reviews (${reason})`
      : `change log continued: ${next.upserts} reviews added or changed, ${next.removals} removed`,
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

async function describeReviewShell(root: string): Promise<ReviewShellFile> {
  const bytes = await readFile(path.join(root, REVIEW_SHELL_FILE));
  return { path: REVIEW_SHELL_FILE, bytes: bytes.length, sha256: sha256(bytes) };
}

/** The MCP Apps the build wrote, by ui:// URI: the sidecar checks a file against this before serving it. */
async function describeMcpApps(root: string): Promise<Record<string, McpAppFile>> {
  const described: Record<string, McpAppFile> = {};
  for (const app of MCP_APPS) {
    const bytes = await readFile(path.join(root, app.path));
    described[app.uri] = { path: app.path, bytes: bytes.length, sha256: sha256(bytes) };
  }
  return described;
}
