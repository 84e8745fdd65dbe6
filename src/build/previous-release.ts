// The release DIST_DIR points at when a build starts: what a rebuild may carry over from it instead of making it again.
import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { Manifest, type ManifestEntry } from "../lib/schema/manifest.ts";

/** Kept in every release beside manifest.json, never published: the code it was built with and its pages' keys. */
export const BUILD_RECORD = "build-record.json";

export const BuildRecord = z
  .object({
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
    pages: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
  })
  .strict();
export type BuildRecord = z.output<typeof BuildRecord>;

export type PreviousRelease = {
  /** The release directory itself, resolved once: DIST_DIR may be swapped to another release during the build. */
  dir: string;
  record: BuildRecord;
  /** The release's manifest entries by file path. */
  files: ReadonlyMap<string, ManifestEntry>;
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
    manifest = Manifest.parse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")));
  } catch (err) {
    const what = (err as NodeJS.ErrnoException).code === "ENOENT" ? "lacks a build record" : "has an unreadable record";
    return { release: null, reason: `the previous release ${what}` };
  }
  if (record.fingerprint !== fingerprint)
    return { release: null, reason: "the previous release was built by other code" };
  return {
    release: { dir, record, files: new Map(Object.values(manifest.files).map((e) => [e.path, e])) },
    reason: null,
  };
}
