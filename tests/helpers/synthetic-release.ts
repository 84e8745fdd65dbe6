// Writes a release directory shaped like the build's (files, .br/.gz siblings, manifest.json) without Astro, for tests.
import { createHash } from "node:crypto";
import { mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { writeReleaseDb } from "../../src/build/release-db.ts";
import type { ChangeLog } from "../../src/lib/changes/log.ts";
import { RELEASE_DB_FILE } from "../../src/lib/release-db/schema.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import { Manifest, type ManifestEntry } from "../../src/lib/schema/manifest.ts";

export type SyntheticFile = Readonly<{
  body: string | Uint8Array;
  content_type?: string;
  /** Link header value (WebSub topics); null when omitted. */
  link?: string | null;
  /** Write .br and .gz siblings (default: true for text types). */
  compress?: boolean;
  /** File path inside the release (default: derived from the URL path, `index.html` for directories). */
  path?: string;
  cache_control?: string;
}>;

export type ReleaseOptions = Readonly<{
  siteUrl?: string;
  updatedAt?: string;
  /** The release database's change log (none by default: the change feed is then unavailable). */
  changeLog?: ChangeLog | null;
}>;

export const SITE_URL = "https://reviews.example.test";
const UPDATED_AT = "2025-06-01T12:00:00Z";

/**
 * Writes `files` (URL path -> file) into `dir` with precompressed siblings and a manifest.json the shared schema
 * accepts; a /reviews.json holding a dataset gets the release database the build writes beside it.
 */
export async function writeRelease(
  dir: string,
  files: Readonly<Record<string, SyntheticFile>>,
  options: ReleaseOptions = {},
): Promise<Manifest> {
  const updatedAt = options.updatedAt ?? UPDATED_AT;
  const entries: Record<string, ManifestEntry> = {};
  for (const [urlPath, f] of Object.entries(files)) {
    const rel = f.path ?? (urlPath.endsWith("/") ? `${urlPath.slice(1)}index.html` : urlPath.slice(1));
    const bytes = typeof f.body === "string" ? Buffer.from(f.body) : Buffer.from(f.body);
    const contentType = f.content_type ?? "application/json; charset=utf-8";
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), bytes);
    const entry: ManifestEntry = {
      path: rel,
      content_type: contentType,
      bytes: bytes.length,
      sha256: sha256(bytes),
      etag: etagOf(bytes),
      last_modified: new Date(updatedAt).toUTCString(),
      cache_control: f.cache_control ?? "public, max-age=300, stale-while-revalidate=3600",
      link: f.link ?? null,
      encodings: {},
    };
    if (f.compress ?? /^(text\/|application\/(json|xml|atom\+xml))/.test(contentType)) {
      const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      const gz = gzipSync(bytes, { level: 6 });
      await writeFile(path.join(dir, `${rel}.br`), br);
      await writeFile(path.join(dir, `${rel}.gz`), gz);
      entry.encodings.br = { path: `${rel}.br`, bytes: br.length, sha256: sha256(br), etag: etagOf(br) };
      entry.encodings.gzip = { path: `${rel}.gz`, bytes: gz.length, sha256: sha256(gz), etag: etagOf(gz) };
    }
    entries[urlPath] = entry;
  }
  const manifest = Manifest.parse({
    manifest_version: 1,
    site_url: options.siteUrl ?? SITE_URL,
    source_hash: sha256(Buffer.from(JSON.stringify(entries))),
    updated_at: updatedAt,
    files: entries,
  });
  const reviews = files["/reviews.json"]?.body;
  const dataset = typeof reviews === "string" ? datasetOf(reviews) : null;
  if (dataset) {
    const changeLog = options.changeLog ?? null;
    manifest.release_db = await writeReleaseDb(path.join(dir, RELEASE_DB_FILE), { dataset, changeLog });
  }
  await writeFile(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(dir, "_headers"), "/*\n  X-Synthetic: yes\n");
  return manifest;
}

/** Points `distDir` at `releaseDir` the way the build does: a fresh symlink renamed over the old one. */
export async function publish(distDir: string, releaseDir: string): Promise<void> {
  const tmp = `${distDir}.tmp-${process.pid}`;
  await rm(tmp, { force: true });
  await symlink(path.relative(path.dirname(distDir), releaseDir), tmp, "dir");
  await rename(tmp, distDir);
}

/** A small site with the published endpoints, a directory index and a binary file; `generation` changes the content. */
export function sampleSite(
  options: { reviews?: number; generation?: number; siteUrl?: string; updatedAt?: string } = {},
): Record<string, SyntheticFile> {
  const siteUrl = options.siteUrl ?? SITE_URL;
  const gen = options.generation ?? 1;
  const reviews = Array.from({ length: options.reviews ?? 50 }, (_, i) => ({
    id: `r-${gen}-${i}`,
    date: `2025-0${1 + (i % 5)}-1${i % 10}`,
    rating: 1 + ((i * 7) % 5),
    text:
      i % 7 === 6
        ? null
        : `Review ${i} of generation ${gen}: Maria fixed the water heater on time. `.repeat(1 + (i % 4)),
    mentions: {
      technicians: i % 7 === 6 ? [] : ["maria-lopez"],
      services: i % 7 === 6 ? [] : ["water-heaters"],
      service_areas: [],
    },
  }));
  // Enough of the published dataset's shape for the sidecar's search index; not a schema-valid dataset.
  const dataset = {
    generation: gen,
    updated_at: options.updatedAt ?? UPDATED_AT,
    business: {
      name: "Acme Plumbing",
      technicians: [{ id: "maria-lopez", name: "Maria Lopez", aliases: ["Maria"] }],
      services: [{ id: "water-heaters", name: "Water heater repair", aliases: ["water heater"] }],
      service_areas: [],
    },
    reviews,
  };
  const topic = (p: string) => `<${siteUrl}/api/websub/hub>; rel="hub", <${siteUrl}${p}>; rel="self"`;
  return {
    "/reviews.json": {
      body: JSON.stringify(dataset),
      link: topic("/reviews.json"),
    },
    "/insights.json": { body: JSON.stringify({ generation: gen, aspects: [] }) },
    "/api/feed.json": {
      body: JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "Reviews", items: [] }),
      link: topic("/api/feed.json"),
    },
    "/feed.xml": {
      body: `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>g${gen}</title></feed>`,
      content_type: "application/atom+xml; charset=utf-8",
      link: topic("/feed.xml"),
    },
    "/": { body: `<!doctype html><title>Home ${gen}</title>`, content_type: "text/html; charset=utf-8" },
    "/developers/": {
      body: `<!doctype html><title>Developers ${gen}</title>`,
      content_type: "text/html; charset=utf-8",
    },
    "/favicon.ico": { body: new Uint8Array([0, 0, 1, 0, gen & 255]), content_type: "image/x-icon" },
  };
}

/** The dataset a /reviews.json body holds; null for a body that is not one (tests of the static side alone). */
function datasetOf(body: string): ReviewsDataset | null {
  try {
    const parsed = JSON.parse(body) as Partial<ReviewsDataset> | null;
    const { business, updated_at: updatedAt, reviews } = parsed ?? {};
    const whole = business && typeof updatedAt === "string" && Array.isArray(reviews);
    return whole && reviews.every((r) => typeof r?.id === "string") ? (parsed as ReviewsDataset) : null;
  } catch {
    return null;
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest().subarray(0, 16).toString("base64url")}"`;
}
