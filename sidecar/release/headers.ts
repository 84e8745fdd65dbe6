// Turns a manifest entry into the response header sets served for each of its representations (computed once per release).
import type { ManifestEntry } from "../../src/lib/schema/manifest.ts";
import type { Coding, HeaderRecord } from "./release.ts";

export type RepresentationHeaders = Readonly<{ ok: HeaderRecord; notModified: HeaderRecord }>;

/**
 * The 304 carries what a cache needs to refresh its stored 200 (RFC 9110 15.4.5: ETag, Cache-Control, Vary;
 * Last-Modified and Link too, so a revalidating subscriber still discovers the hub); the 200 adds the representation
 * metadata and its length.
 */
export function representationHeaders(
  entry: ManifestEntry,
  rep: Readonly<{ coding: Coding; bytes: number; etag: string }>,
): RepresentationHeaders {
  const common: Record<string, string> = {
    etag: rep.etag,
    "last-modified": entry.last_modified,
    "cache-control": entry.cache_control,
  };
  if (entry.encodings.br || entry.encodings.gzip) common["vary"] = "Accept-Encoding";
  if (entry.link !== null) common["link"] = entry.link;

  const ok: Record<string, string> = {
    "content-type": entry.content_type,
    "content-length": String(rep.bytes),
    "accept-ranges": "bytes",
    ...common,
    "x-content-type-options": "nosniff",
  };
  if (entry.content_security_policy) ok["content-security-policy"] = entry.content_security_policy;
  if (rep.coding !== "identity") ok["content-encoding"] = rep.coding;
  return { ok: Object.freeze(ok), notModified: Object.freeze(common) };
}
