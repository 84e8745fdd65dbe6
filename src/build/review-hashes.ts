// The `reviewHash` of each review read back from the previous /reviews.json, which the change log and the archive
// pages' keys compare: taken on a worker thread (review-hashes-worker.ts) while the main thread parses those reviews,
// or here when the worker cannot.
import { reviewHash, splitReviewHashes } from "../lib/changes/log.ts";
import { runWorker } from "./run-worker.ts";
import { z } from "zod";

const WORKER = "src/build/review-hashes-worker.ts";

export type ReviewHashesAhead = Readonly<{
  /** The hashes of `json`, the reviews' bytes as split from the file the worker was given. */
  of(json: readonly Buffer[]): Promise<string[]>;
  /** Ends the worker: its hashes are not needed. */
  stop(): void;
}>;

/** Starts hashing the reviews of `bytes` (a /reviews.json in memory threads share) on a worker thread. */
export function hashReviewsAhead(bytes: Buffer): ReviewHashesAhead {
  const stop = new AbortController();
  const joined = runWorker(WORKER, bytes, z.string().nullable(), stop.signal).catch((err: Error) => {
    if (!stop.signal.aborted)
      process.stderr.write(`the reviews read back are hashed on the main thread: ${err.message}\n`);
    return null;
  });
  return Object.freeze({
    of: async (json) => splitReviewHashes((await joined) ?? "", json.length) ?? json.map((j) => reviewHash(j)),
    stop: () => stop.abort(),
  });
}
