// Which files of a release a static host publishes (pure): the manifest's files, and nothing the build keeps for itself.
import type { Manifest } from "../lib/schema/manifest.ts";

/** The CDN headers file, copied as the build wrote it (Netlify and Cloudflare Pages read it from the site's root). */
export const HEADERS_FILE = "_headers";

/** One file to copy: where it is in the release, and the sha256 the manifest gives it. */
export type PublicFile = Readonly<{ path: string; sha256: string }>;

/**
 * Every file the manifest publishes, by release path, sorted. What the manifest does not list is left out: the
 * manifest itself, the search index, the change log, the build record, and the `.br` / `.gz` variants (a static host
 * compresses on its own; copied, they would become URLs the sidecar never serves). `/manifest.json` and `/_headers`
 * are never published, even if listed. Throws when a listed path could leave the release directory.
 */
export function publicFiles(manifest: Manifest): PublicFile[] {
  const byPath = new Map<string, string>();
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    if (urlPath === "/manifest.json" || urlPath === `/${HEADERS_FILE}`) continue;
    if (!isInsideRelease(entry.path))
      throw new Error(`manifest.json entry ${urlPath} names a file outside the release: ${JSON.stringify(entry.path)}`);
    byPath.set(entry.path, entry.sha256);
  }
  return [...byPath.keys()].sort().map((path) => ({ path, sha256: byPath.get(path)! }));
}

/** A relative path of plain segments: no leading `/`, no `.` or `..`, no backslash or NUL. */
function isInsideRelease(p: string): boolean {
  if (p === "" || p.startsWith("/") || /[\\\0]/.test(p)) return false;
  return p.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}
