// Describes every output file of a release (pure): URL path, type, size, hash, ETag, caching, Link and encodings.
import { etagOf } from "../hash.ts";
import type { HashedFile } from "../hashed-file.ts";
import { httpDate } from "../../lib/dates.ts";
import type {
  ChangeLogFile,
  EncodedVariant,
  Manifest,
  ManifestEntry,
  ReviewShellFile,
  SearchIndexFile,
} from "../../lib/schema/manifest.ts";
import { contentSecurityPolicyOf } from "../../lib/framing.ts";
import { TOPIC_PATHS, topicLinkHeader } from "../../lib/site-urls.ts";
import { cacheControlOf, contentTypeOf } from "./content-types.ts";

/** What the manifest says of the release as a whole. */
export type BuildMeta = { updated_at: string; source_hash: string; site_url: string; business_id: string };

/** `index.html` files are served at their directory's path with a trailing slash. */
export function urlPathOf(file: string): string {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"index.html".length)}`;
  return `/${file}`;
}

export function buildManifest(
  files: readonly HashedFile[],
  meta: BuildMeta,
  searchIndex?: SearchIndexFile,
  changeLog?: ChangeLogFile,
  reviewShell?: ReviewShellFile,
): Manifest {
  const lastModified = httpDate(meta.updated_at);
  const entries = files
    .map((f): [string, ManifestEntry] => {
      const urlPath = urlPathOf(f.path);
      const variant = (v: Omit<EncodedVariant, "etag"> | undefined) => v && { ...v, etag: etagOf(v.sha256) };
      return [
        urlPath,
        {
          path: f.path,
          content_type: contentTypeOf(urlPath),
          bytes: f.bytes,
          sha256: f.sha256,
          etag: etagOf(f.sha256),
          last_modified: lastModified,
          cache_control: cacheControlOf(urlPath),
          link: (TOPIC_PATHS as readonly string[]).includes(urlPath) ? topicLinkHeader(meta.site_url, urlPath) : null,
          content_security_policy: contentSecurityPolicyOf(urlPath),
          encodings: {
            ...(f.encodings.br ? { br: variant(f.encodings.br) } : {}),
            ...(f.encodings.gzip ? { gzip: variant(f.encodings.gzip) } : {}),
          },
        },
      ];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    manifest_version: 1,
    site_url: meta.site_url,
    business_id: meta.business_id,
    source_hash: meta.source_hash,
    updated_at: meta.updated_at,
    files: Object.fromEntries(entries),
    ...(searchIndex ? { search_index: searchIndex } : {}),
    ...(changeLog ? { change_log: changeLog } : {}),
    ...(reviewShell ? { review_shell: reviewShell } : {}),
  };
}
