// Reads a release's change log (the build's, described by its manifest) for the change feed, and matches it to the
// release's search index: a log that is missing, damaged or of other reviews leaves the feed unavailable, not wrong.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type ChangeFeed, changeFeedOf } from "../../src/lib/changes/feed.ts";
import { CHANGE_LOG_FORMAT, type ChangeLog, decodeChangeLog } from "../../src/lib/changes/log.ts";
import type { Release } from "./release.ts";

export type ChangesFile = Readonly<{ log: ChangeLog | null; problem: string | null }>;

export async function readChangesFile(release: Pick<Release, "dir" | "manifest">): Promise<ChangesFile> {
  const listed = release.manifest.change_log;
  if (!listed) return { log: null, problem: "this release has no change log (built by an older version)" };
  if (listed.format !== CHANGE_LOG_FORMAT)
    return { log: null, problem: `the change log is format ${listed.format}, this sidecar reads ${CHANGE_LOG_FORMAT}` };
  try {
    const bytes = await readFile(path.join(release.dir, listed.path));
    if (createHash("sha256").update(bytes).digest("hex") !== listed.sha256)
      return { log: null, problem: "the change log is not the one manifest.json describes (sha256 differs)" };
    return { log: decodeChangeLog(bytes.toString("utf8")), problem: null };
  } catch (err) {
    return { log: null, problem: `the change log cannot be read: ${(err as Error).message}` };
  }
}

/** The feed of a log read by `readChangesFile` over the index's reviews, or why there is none. */
export function feedOf(
  file: ChangesFile,
  ids: readonly string[],
): Readonly<{ changes: ChangeFeed | null; changesProblem: string | null }> {
  if (!file.log) return { changes: null, changesProblem: file.problem };
  try {
    return { changes: changeFeedOf(file.log, ids), changesProblem: null };
  } catch (err) {
    return { changes: null, changesProblem: `the change log does not fit the release: ${(err as Error).message}` };
  }
}
