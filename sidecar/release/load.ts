// Loads one release: resolves DIST_DIR, validates manifest.json with the shared zod schema and checks every file it names.
import { lstatSync, type Stats } from "node:fs";
import { lstat, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { Manifest, type ManifestEntry } from "../../src/lib/schema/manifest.ts";
import { representationHeaders } from "./headers.ts";
import type { Coding, Representation, Release, ReleaseFile } from "./release.ts";

/** A release whose manifest has been read and checked, its files not yet. */
export type OpenRelease = Pick<Release, "id" | "dir" | "fingerprint" | "publishedAt" | "manifest"> & { where: string };

/** Thrown when DIST_DIR holds no usable release; the message says what is wrong and where. */
export class ReleaseError extends Error {
  override name = "ReleaseError";
  /** What the operator can do about it. */
  readonly remedy: string;

  constructor(message: string, options: { cause?: unknown; remedy?: string } = {}) {
    super(message, { cause: options.cause });
    this.remedy = options.remedy ?? "Run `npm run build` to build the site first.";
  }
}

export type LoadOptions = Readonly<{
  /** Files up to this size are kept in memory. */
  maxCachedFileBytes?: number;
  /** Total bytes kept in memory per release; smaller files are cached first. */
  cacheBudgetBytes?: number;
}>;

/** Files the release keeps for itself (the build's bookkeeping), never served even if a manifest lists them. */
const PRIVATE_PATHS = new Set(["/manifest.json", "/_headers"]);
const STAT_CONCURRENCY = 16;

/** What identifies the release DIST_DIR points at now: cheap enough to run every few seconds. */
export async function fingerprint(distDir: string): Promise<{ dir: string; fingerprint: string; publishedAt: number }> {
  const dir = await realpath(distDir);
  const [s, link] = await Promise.all([stat(path.join(dir, "manifest.json")), lstat(distDir)]);
  // The symlink is made anew at each swap, even back to an identical earlier release: its time orders releases.
  const publishedAt = Math.floor(link.isSymbolicLink() ? link.mtimeMs : s.mtimeMs);
  return { dir, fingerprint: `${dir}\0${s.ino}\0${s.size}\0${s.mtimeMs}\0${publishedAt}`, publishedAt };
}

/** Reads and checks a release's manifest.json: what it lists and where, before any listed file is looked at. */
export async function openRelease(distDir: string): Promise<OpenRelease> {
  const where = `DIST_DIR ${JSON.stringify(distDir)}`;
  let found: Awaited<ReturnType<typeof fingerprint>>;
  try {
    found = await fingerprint(distDir);
  } catch (err) {
    throw new ReleaseError(`${where} holds no release (${(err as Error).message})`, { cause: err });
  }
  const { dir } = found;
  let manifest: Manifest;
  try {
    manifest = Manifest.parse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")));
  } catch (err) {
    throw new ReleaseError(`${where}: invalid manifest.json in ${dir}: ${describe(err)}`, { cause: err });
  }
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    if (PRIVATE_PATHS.has(urlPath)) continue;
    if (!isCleanUrlPath(urlPath))
      throw new ReleaseError(`${where}: manifest.json lists an unusable URL path ${JSON.stringify(urlPath)}`);
    for (const p of [entry.path, entry.encodings.br?.path, entry.encodings.gzip?.path]) {
      if (p !== undefined && !isInsideRelease(p)) {
        throw new ReleaseError(
          `${where}: manifest.json entry ${urlPath} names a file outside the release: ${JSON.stringify(p)}`,
        );
      }
    }
  }
  for (const [what, p] of [
    ["a search index", manifest.search_index?.path],
    ["a release database", manifest.release_db?.path],
    ...Object.values(manifest.mcp_apps ?? {}).map((app) => ["an MCP App", app.path] as const),
  ] as const)
    if (p !== undefined && !isInsideRelease(p))
      throw new ReleaseError(`${where}: manifest.json names ${what} outside the release: ${JSON.stringify(p)}`);
  return {
    id: path.basename(dir),
    dir,
    fingerprint: found.fingerprint,
    publishedAt: found.publishedAt,
    manifest,
    where,
  };
}

/** The absolute path of a file the release publishes at `urlPath`, if its manifest lists one. */
export function releaseFile(release: Pick<Release, "dir" | "manifest">, urlPath: string): string | undefined {
  const entry = PRIVATE_PATHS.has(urlPath) ? undefined : release.manifest.files[urlPath];
  return entry && path.join(release.dir, entry.path);
}

/** Opens and completes a release, with its small files in memory before it is returned. */
export async function loadRelease(distDir: string, options: LoadOptions = {}): Promise<Release> {
  const site = completeRelease(await openRelease(distDir));
  await cacheSmallFiles(site, options);
  return site;
}

/** Checks every file an opened release lists (present, regular, of the listed size); nothing is kept in memory yet. */
export function completeRelease(release: OpenRelease): Release {
  const { dir, manifest, where } = release;
  const files = new Map<string, ReleaseFile>();
  const pending: Array<{ urlPath: string; entry: ManifestEntry; reps: PendingRep[] }> = [];
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    if (PRIVATE_PATHS.has(urlPath)) continue;
    const reps: PendingRep[] = [{ ...entry, coding: "identity" }];
    if (entry.encodings.br) reps.push({ ...entry.encodings.br, coding: "br" });
    if (entry.encodings.gzip) reps.push({ ...entry.encodings.gzip, coding: "gzip" });
    pending.push({ urlPath, entry, reps });
    // Synchronous on purpose: thousands of lstat calls answered from the inode cache take a few milliseconds in all,
    // where one promise per call would cost the event loop ten times that.
    for (const rep of reps) {
      const s = lstatOrNull(path.join(dir, rep.path));
      if (!s?.isFile())
        throw new ReleaseError(`${where}: ${rep.path} (for ${urlPath}) is missing or not a regular file`);
      if (s.size !== rep.bytes) {
        throw new ReleaseError(
          `${where}: ${rep.path} (for ${urlPath}) has ${s.size} bytes, manifest.json says ${rep.bytes}`,
        );
      }
    }
  }

  for (const { urlPath, entry, reps } of pending) {
    const built = reps.map((rep): Representation => {
      const file = path.join(dir, rep.path);
      const headers = representationHeaders(entry, rep);
      return Object.seal({
        coding: rep.coding,
        file,
        bytes: rep.bytes,
        sha256: rep.sha256,
        etag: rep.etag,
        body: undefined,
        ok: Object.freeze({ status: 200, headers: headers.ok }),
        notModified: Object.freeze({ status: 304, headers: headers.notModified }),
      });
    });
    const lastModifiedMs = Date.parse(entry.last_modified);
    if (Number.isNaN(lastModifiedMs)) {
      throw new ReleaseError(
        `${where}: manifest.json entry ${urlPath} has an invalid last_modified ${JSON.stringify(entry.last_modified)}`,
      );
    }
    files.set(
      urlPath,
      Object.freeze({
        urlPath,
        lastModified: entry.last_modified,
        lastModifiedMs,
        identity: built[0]!,
        br: built.find((r) => r.coding === "br"),
        gzip: built.find((r) => r.coding === "gzip"),
      }),
    );
  }
  return Object.freeze({
    id: release.id,
    dir,
    fingerprint: release.fingerprint,
    publishedAt: release.publishedAt,
    manifest,
    files,
  });
}

type PendingRep = Readonly<{ coding: Coding; path: string; bytes: number; sha256: string; etag: string }>;

/** The release's smallest files (and encodings) that fit the memory budget: those kept in memory once read. */
export function filesToKeep(release: Release, options: LoadOptions = {}): Set<Representation> {
  const maxFile = options.maxCachedFileBytes ?? 4 * 1024 * 1024;
  let budget = options.cacheBudgetBytes ?? 32 * 1024 * 1024;
  const chosen = [...release.files.values()]
    .flatMap((f) => [f.identity, f.br, f.gzip])
    .filter((r): r is Representation => r !== undefined && r.body === undefined && r.bytes <= maxFile)
    .sort((a, b) => a.bytes - b.bytes)
    .filter((r) => (budget -= r.bytes) >= 0);
  return new Set(chosen);
}

/** Keeps the release's smallest files in memory, up to the budget, so they are answered without touching the disk. */
async function cacheSmallFiles(site: Release, options: LoadOptions = {}): Promise<void> {
  await forEachBounded([...filesToKeep(site, options)], STAT_CONCURRENCY, async (rep) => {
    const body = await readFile(rep.file);
    if (body.length !== rep.bytes)
      throw new ReleaseError(`${rep.file} changed while it was read: the release is not immutable`);
    rep.body = body;
  });
}

function lstatOrNull(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

/** A manifest key must be what a clean request path looks like: rooted, no empty, `.` or `..` segments, no query. */
function isCleanUrlPath(p: string): boolean {
  return (
    p.startsWith("/") &&
    !/[?#\\\0]/.test(p) &&
    p
      .slice(1)
      .split("/")
      .every((seg, i, all) => (seg === "" ? i === all.length - 1 : seg !== "." && seg !== ".."))
  );
}

/** A relative path with forward slashes that stays inside the release directory. */
function isInsideRelease(p: string): boolean {
  return (
    p !== "" &&
    !p.startsWith("/") &&
    !/[\\\0]/.test(p) &&
    p.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..")
  );
}

/** Runs `fn` over `items` with at most `limit` calls at once; rejects with the first failure. */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function describe(err: unknown): string {
  if (err && typeof err === "object" && "issues" in err && Array.isArray(err.issues)) {
    const issues = err.issues as Array<{ path: PropertyKey[]; message: string }>;
    const shown = issues.slice(0, 5).map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`);
    return shown.join("; ") + (issues.length > 5 ? `; and ${issues.length - 5} more` : "");
  }
  return (err as Error).message;
}
