// The release DIST_DIR points at when a build starts: what a rebuild may carry over from it instead of making it again.
import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { Manifest, type ManifestEntry, type SearchIndexFile, Sha256 } from "../lib/schema/manifest.ts";
import { codeFingerprint } from "./code-fingerprint.ts";
import { GzipChunk } from "./gzip-chunks.ts";

/** Kept in every release beside manifest.json, never published: the code it was built with and its pages' keys. */
export const BUILD_RECORD = "build-record.json";

/** The source a release was built from: business.json's hash, and reviews.jsonl's length and hash. */
export const SourceRecord = z
  .object({
    business_sha256: Sha256,
    reviews_bytes: z.int().min(0),
    reviews_sha256: Sha256,
    suppressed_sha256: Sha256.optional(),
  })
  .strict();
export type SourceRecord = z.output<typeof SourceRecord>;

export const BuildRecord = z
  .object({
    fingerprint: Sha256,
    pages: z.record(z.string(), Sha256),
    source: SourceRecord.optional(),
    /** /reviews.json.gz's chunks, which the next build copies where its bytes are the same (gzip-chunks.ts). */
    dataset_gzip_chunks: z.array(GzipChunk).optional(),
  })
  .strict();
export type BuildRecord = z.output<typeof BuildRecord>;

export type PreviousRelease = {
  /** The release directory itself, resolved once: DIST_DIR may be swapped to another release during the build. */
  dir: string;
  record: BuildRecord;
  /** The release's manifest entries by file path. */
  files: ReadonlyMap<string, ManifestEntry>;
  /** Its search index file, as its manifest describes it. */
  searchIndex: SearchIndexFile | null;
};

export type PreviousReleaseResult = { release: PreviousRelease; reason: null } | { release: null; reason: string };

/** The release at `distDirOrRelease` if it was built by the same code (`fingerprint`); else why it cannot be reused. */
export async function readPreviousRelease(
  distDirOrRelease: string,
  fingerprint: string,
): Promise<PreviousReleaseResult> {
  let dir: string;
  try {
    dir = await realpath(distDirOrRelease);
  } catch {
    return { release: null, reason: "there is no previous release" };
  }
  let record: BuildRecord;
  let manifest: Manifest;
  try {
    record = BuildRecord.parse(JSON.parse(await readFile(path.join(dir, BUILD_RECORD), "utf8")));
  } catch (err) {
    return { release: null, reason: `the previous release's ${BUILD_RECORD} ${unreadable(err)}` };
  }
  try {
    manifest = Manifest.parse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")));
  } catch (err) {
    return { release: null, reason: `the previous release's manifest.json ${unreadable(err)}` };
  }
  if (record.fingerprint !== fingerprint)
    return { release: null, reason: "the previous release was built by other code" };
  return {
    release: {
      dir,
      record,
      files: new Map(Object.values(manifest.files).map((e) => [e.path, e])),
      searchIndex: manifest.search_index ?? null,
    },
    reason: null,
  };
}

function unreadable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ENOENT" ? "is missing" : `cannot be read (${code ?? (err as Error).message})`;
}

export type PreviousBuild = PreviousReleaseResult & { fingerprint: string };

/** This build's code fingerprint, and the release `distDir` points at when this build may reuse it. */
export async function readPreviousBuild(distDir: string): Promise<PreviousBuild> {
  const fingerprint = codeFingerprint();
  return { fingerprint, ...(await readPreviousRelease(distDir, fingerprint)) };
}
