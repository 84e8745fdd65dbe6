// The immutable snapshot of one release that requests are served from: URL path -> file, with ready-made headers.
import type { Manifest } from "../../src/lib/schema/manifest.ts";

export type Coding = "identity" | "br" | "gzip";

/** A plain header record: node-server writes it as is, with no Headers object built per request. */
export type HeaderRecord = Readonly<Record<string, string>>;

type ResponseInitOf<S extends number> = Readonly<{ status: S; headers: HeaderRecord }>;

/** One stored form of a file (identity, br or gzip), as the build wrote and described it. */
export type Representation = Readonly<{
  coding: Coding;
  /** Absolute path inside the release directory (never derived from a request). */
  file: string;
  bytes: number;
  /** The sha256 (hex) manifest.json gives for the file's bytes; checked before the release is served. */
  sha256: string;
  etag: string;
  ok: ResponseInitOf<200>;
  notModified: ResponseInitOf<304>;
}> & {
  /** The bytes once kept in memory (by `verifyFiles` or `cacheSmallFiles`, set once); until then, or for large files, read from `file`. */
  body: Uint8Array<ArrayBuffer> | undefined;
};

export type ReleaseFile = Readonly<{
  urlPath: string;
  lastModified: string;
  /** `lastModified` in epoch milliseconds, for If-Modified-Since / If-Unmodified-Since. */
  lastModifiedMs: number;
  identity: Representation;
  br: Representation | undefined;
  gzip: Representation | undefined;
}>;

export type Release = Readonly<{
  /** The release directory's name (its content id under `.dist-releases/`, or the directory's own name). */
  id: string;
  /** realpath of DIST_DIR when the release was loaded. */
  dir: string;
  /** Identity of what was loaded (resolved directory and manifest.json stat); a change means "look again". */
  fingerprint: string;
  /**
   * When DIST_DIR was switched to this release (epoch ms): the symlink's time, or manifest.json's for a plain
   * directory. It orders the releases replicas hold, so machines' clocks must agree to well within a deploy's length.
   */
  publishedAt: number;
  manifest: Manifest;
  files: ReadonlyMap<string, ReleaseFile>;
}>;
