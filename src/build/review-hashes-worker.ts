// A worker thread that hashes each review of the previous /reviews.json (`reviewHash`), from the memory the main
// thread read it into, while the main thread reads the same reviews; review-hashes.ts starts it with the file's
// `reviewsRegion`, which nothing writes into.
import { parentPort, workerData } from "node:worker_threads";
import { joinReviewHashes, reviewHash } from "../lib/changes/log.ts";
import { eachReview } from "./previous-reviews.ts";

const region = workerData as Uint8Array;
const hashes: string[] = [];
eachReview(Buffer.from(region.buffer, region.byteOffset, region.length), (span) => hashes.push(reviewHash(span)));
parentPort!.postMessage(joinReviewHashes(hashes));
