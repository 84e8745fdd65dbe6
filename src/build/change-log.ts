// The build's change log step: reads the log of the release DIST_DIR points at when the build starts, continues it with
// what this build publishes (a new history when there is none to continue) and writes it into the release.
import { readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { continueChangeLog, type NextChangeLog, type PublishedReview, startChangeLog } from "../lib/changes/diff.ts";
import { CHANGE_LOG_FILE, CHANGE_LOG_FORMAT, type ScannedLog, scanChangeLog } from "../lib/changes/log.ts";
import { reviewModifiedAt } from "../lib/reviews/last-change.ts";
import { type ChangeLogFile, Manifest } from "../lib/schema/manifest.ts";
import type { Review } from "../lib/schema/review.ts";
import { sha256 } from "./hash.ts";

/**
 * The previous log's file as read, checked against its manifest entry, or why there is none; with the business its
 * release is of, when its manifest says.
 */
export type PreviousChangeLogFile = ({ text: string; reason: null } | { text: null; reason: string }) & {
  businessId?: string;
};

/** The release DIST_DIR points at when a build starts, with its manifest; or why there is none to go on from. */
export type PreviousRelease = { dir: string; manifest: Manifest } | { dir: null; reason: string };

export async function readPreviousRelease(distDir: string): Promise<PreviousRelease> {
  const dir = await realpath(distDir).catch(() => null);
  if (dir === null) return { dir, reason: "there is no previous release" };
  try {
    return { dir, manifest: Manifest.parse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8"))) };
  } catch (err) {
    return { dir: null, reason: `the previous release's manifest cannot be read (${(err as Error).message})` };
  }
}

/**
 * The log file of the `previous` release, whatever code built it: a history goes on across code changes. Null, with
 * why, when there is none to continue (no release, or one without a usable log): the build then starts a new history.
 * A build reads the file when it starts, and continues it in the publish step.
 */
export async function readPreviousChangeLog(previous: PreviousRelease): Promise<PreviousChangeLogFile> {
  if (previous.dir === null) return { text: null, reason: previous.reason };
  const { dir, manifest } = previous;
  try {
    const of = manifest.business_id === undefined ? {} : { businessId: manifest.business_id };
    const listed = manifest.change_log;
    if (!listed) return { text: null, reason: "the previous release has no change log", ...of };
    if (listed.format !== CHANGE_LOG_FORMAT)
      return {
        text: null,
        reason: `the previous change log is format ${listed.format}, not ${CHANGE_LOG_FORMAT}`,
        ...of,
      };
    const bytes = await readFile(path.join(dir, listed.path));
    if (sha256(bytes) !== listed.sha256)
      return { text: null, reason: "the previous change log is not the one its manifest describes", ...of };
    return { text: bytes.toString("utf8"), reason: null, ...of };
  } catch (err) {
    return { text: null, reason: `the previous change log cannot be read (${(err as Error).message})` };
  }
}

/**
 * `previous` when its release is of the business `businessId` (or does not say which), else no log to continue: another
 * business's reviews are no changes of this one's, and its clients' cursors must be told to sync from the start.
 */
export function ofBusiness(previous: PreviousChangeLogFile, businessId: string): PreviousChangeLogFile {
  if (previous.businessId === undefined || previous.businessId === businessId) return previous;
  return { text: null, reason: `the previous release is of another business, ${previous.businessId}` };
}

export type ChangeLogWritten = { file: ChangeLogFile; next: NextChangeLog; reason: string | null };

/**
 * Writes the log of the release built in `root`, whose reviews are `published` (`publishedReviews`), after the
 * `previous` log's file; `now` (epoch milliseconds) is the build's clock: when it saw the
 * changes it adds. A new history starts when there is no previous log to continue (`reason` says why).
 */
export async function writeChangeLog(
  root: string,
  published: readonly PublishedReview[],
  previous: PreviousChangeLogFile,
  now: number,
): Promise<ChangeLogWritten> {
  let reason = previous.reason;
  let scanned: ScannedLog | null = null;
  if (previous.text !== null) {
    try {
      scanned = scanChangeLog(previous.text);
    } catch (err) {
      reason = `the previous change log cannot be read (${(err as Error).message})`;
    }
  }
  const next = scanned ? continueChangeLog(scanned, published, Math.floor(now / 1000)) : startChangeLog(published);
  const bytes = Buffer.from(next.text);
  await writeFile(path.join(root, CHANGE_LOG_FILE), bytes);
  return {
    file: { path: CHANGE_LOG_FILE, format: CHANGE_LOG_FORMAT, bytes: bytes.length, sha256: sha256(bytes) },
    next,
    reason,
  };
}

/** The reviews of a release as the log compares them, with the `reviewHash` of each one's published JSON in `hashes`. */
export function publishedReviews(reviews: readonly Review[], hashes: readonly string[]): PublishedReview[] {
  return reviews.map((r, k) => ({ id: r.id, hash: hashes[k]!, changedAt: Date.parse(reviewModifiedAt(r)) / 1000 }));
}
