// A worker thread that hashes each review of the previous /reviews.json (`reviewHash`) from the memory the main thread
// read it into, while the main thread parses the same reviews; review-hashes.ts starts it.
import { parentPort, workerData } from "node:worker_threads";
import { joinReviewHashes, reviewHash } from "../lib/changes/log.ts";
import { eachReview } from "./previous-reviews.ts";

const bytes = workerData as Uint8Array;
const hashes: string[] = [];
const laidOut = eachReview(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), (span) =>
  hashes.push(reviewHash(span)),
);
parentPort!.postMessage(laidOut === -1 ? null : joinReviewHashes(hashes));
