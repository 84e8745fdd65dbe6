// dist/manifest.json: every published file by URL path, with the headers a server or CDN needs to serve it.
import { z } from "zod";
import { Timestamp } from "./common.ts";

export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const StrongEtag = z.string().regex(/^"[A-Za-z0-9_-]{16,}"$/, "expected a strong ETag");
const FilePath = z.string().meta({ description: "File path relative to the release directory" });
const ByteCount = z.int().min(0);

export const EncodedVariant = z
  .object({
    path: FilePath,
    bytes: ByteCount,
    sha256: Sha256,
    etag: StrongEtag,
  })
  .strict();

export const ManifestEntry = z
  .object({
    path: FilePath,
    content_type: z.string(),
    bytes: ByteCount,
    sha256: Sha256,
    etag: StrongEtag,
    last_modified: z.string().meta({ description: "RFC 9110 HTTP-date" }),
    cache_control: z.string(),
    link: z.string().nullable().meta({ description: "Link header value (hub and self) for WebSub topics" }),
    content_security_policy: z
      .string()
      .optional()
      .meta({ description: "Content-Security-Policy header value: who may frame the file (frame-ancestors)" }),
    encodings: z.object({ br: EncodedVariant.optional(), gzip: EncodedVariant.optional() }).strict(),
  })
  .strict();

export const SearchIndexFile = z
  .object({
    path: FilePath,
    format: z.int().min(1),
    bytes: ByteCount,
    crc32: z.int().min(0).meta({ description: "The CRC-32 the file carries over its contents" }),
  })
  .strict()
  .meta({ description: "The sidecar's search index, built with the release; kept in it, never published or served" });

export const ChangeLogFile = z
  .object({ path: FilePath, format: z.int().min(1), bytes: ByteCount, sha256: Sha256 })
  .strict()
  .meta({ description: "The release's change log (what /api/reviews/changes answers from); kept in it, never served" });

export const ReleaseDbFile = z
  .object({ path: FilePath, format: z.int().min(1), bytes: ByteCount, sha256: Sha256 })
  .strict()
  .meta({
    description: "The release's database (reviews and change log the sidecar answers from); kept, never served",
  });

export const ReviewShellFile = z.object({ path: FilePath, bytes: ByteCount, sha256: Sha256 }).strict().meta({
  description: "The page around one review, whose slots the sidecar fills; kept in the release, never served",
});

export const McpAppFile = z.object({ path: FilePath, bytes: ByteCount, sha256: Sha256 }).strict().meta({
  description: "One MCP App's HTML, which the sidecar serves as its ui:// resource; kept in the release, never served",
});

export const Manifest = z
  .object({
    manifest_version: z.literal(1),
    site_url: z.string(),
    business_id: z.string().optional().meta({
      description: "The id in business.json of the business the release is of: a build compares only releases of one",
    }),
    source_hash: Sha256.meta({
      description:
        "sha256 of the source data the release was built from: over the sha256 of business.json and of reviews.jsonl",
    }),
    updated_at: Timestamp,
    files: z
      .record(z.string().startsWith("/"), ManifestEntry)
      .meta({ description: "URL path -> file; directory indexes are keyed by their path with a trailing slash" }),
    search_index: SearchIndexFile.optional(),
    change_log: ChangeLogFile.optional(),
    review_shell: ReviewShellFile.optional(),
    mcp_apps: z
      .record(z.string().startsWith("ui://"), McpAppFile)
      .optional()
      .meta({ description: "ui:// URI -> the MCP App's file" }),
    release_db: ReleaseDbFile.optional(),
  })
  .strict();

export type Manifest = z.output<typeof Manifest>;
export type ManifestEntry = z.output<typeof ManifestEntry>;
export type EncodedVariant = z.output<typeof EncodedVariant>;
export type SearchIndexFile = z.output<typeof SearchIndexFile>;
export type ChangeLogFile = z.output<typeof ChangeLogFile>;
export type ReviewShellFile = z.output<typeof ReviewShellFile>;
export type ReleaseDbFile = z.output<typeof ReleaseDbFile>;
export type McpAppFile = z.output<typeof McpAppFile>;
