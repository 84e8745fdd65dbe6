// The `reviewHash` of each review read back from the previous /reviews.json, which the change log and the archive
// pages' keys compare: taken on a worker thread (review-hashes-worker.ts) while the main thread reads those reviews,
// or here when the worker cannot.
import { z } from "zod";
import { reviewHash, splitReviewHashes } from "../lib/changes/log.ts";
import { reviewsRegion } from "./previous-reviews.ts";
import { runWorker } from "./run-worker.ts";

const WORKER = "src/build/review-hashes-worker.ts";

export type ReviewHashesAhead = Readonly<{
  /** The hashes of `json`, the reviews' bytes as split from the file the worker was given. */
  of(json: readonly Buffer[]): Promise<string[]>;
  /** Ends the worker: its hashes are not needed. */
  stop(): void;
}>;

/** The hashes of `json`, taken here. */
export const hashesHere = (json: readonly Buffer[]): string[] => json.map((j) => reviewHash(j));

/**
 * Starts hashing the reviews of `bytes` (a /reviews.json in memory threads share) on a worker thread; null when the
 * file holds no reviews array to hash.
 */
export function hashReviewsAhead(bytes: Buffer): ReviewHashesAhead | null {
  const region = reviewsRegion(bytes);
  if (region === null) return null;
  const stop = new AbortController();
  const joined = runWorker(WORKER, region, z.string(), stop.signal).catch((err: Error) => {
    if (!stop.signal.aborted)
      process.stderr.write(`the reviews read back are hashed on the main thread: ${err.message}\n`);
    return null;
  });
  // The worker's answer is for these reviews when they were split from the same region, as many as it found.
  const fits = (json: readonly Buffer[]) =>
    json.length === 0 || (json[0]!.buffer === region.buffer && json[0]!.byteOffset === region.byteOffset);
  return Object.freeze({
    of: async (json) => (fits(json) ? splitReviewHashes((await joined) ?? "", json.length) : null) ?? hashesHere(json),
    stop: () => stop.abort(),
  });
}
