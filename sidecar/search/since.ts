// The answers of /since/{date} for one release: every review dated on or after a date, oldest first. What depends only
// on the release (each window's length in bytes, digest and newest change) is computed once, in slices that let other
// requests through; a body is streamed from the reviews' own JSON, never held whole nor hashed per request.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { firstDateBefore } from "../../src/lib/search/run.ts";
import type { Validators } from "../http/conditional.ts";
import type { IndexedRelease } from "../release/index-store.ts";

// Reviews digested, or written out, between two turns of the event loop: few, as the server accepts one connection a
// turn, so long turns hold back every client that connects (health checks too) while large answers stream.
const SLICE = 50;
const TAIL = Buffer.from("]}");
/** Slices a body makes ahead of its reader: a slow client holds that much of its answer, whatever the answer's size. */
const AHEAD = 2;

export type SinceTable = Readonly<{
  releaseId: string;
  /** How many reviews are dated on or after `date`: the newest ones. */
  count: (date: string) => number;
  /** Bytes of the answer for `date`, which lists the newest `count` reviews. */
  bytes: (date: string, count: number) => number;
  validators: (date: string, count: number) => Validators;
  /** The answer's JSON `{since, count, reviews}`, oldest first, a slice of reviews at a time. */
  body: (date: string, count: number) => Readable;
}>;

export async function buildSinceTable(release: IndexedRelease, pause = nextTurn): Promise<SinceTable> {
  const { index } = release;
  const n = index.size;
  // For the newest k reviews, k = 0 .. n: their JSON's bytes, a digest chained over them, their newest change.
  const sizes = new Float64Array(n + 1);
  const digests = Buffer.alloc(32 * (n + 1));
  const newest = new Float64Array(n + 1);
  createHash("sha256").digest().copy(digests, 0);
  newest[0] = Date.parse(release.updatedAt);
  // The reviews are read over many turns: the release's database stays open meanwhile, even if it is swapped out.
  const letGo = release.hold();
  try {
    let slice: string[] = [];
    for (let k = 0; k < n; k++) {
      if (k % SLICE === 0) {
        if (k > 0) await pause();
        slice = index.reviewsJson(range(k, Math.min(n, k + SLICE)));
      }
      const json = slice[k % SLICE]!;
      sizes[k + 1] = sizes[k]! + Buffer.byteLength(json);
      const modified = Date.parse(index.modifiedAt.at(k)!);
      newest[k + 1] = k === 0 ? modified : Math.max(newest[k]!, modified);
      createHash("sha256")
        .update(digests.subarray(32 * k, 32 * k + 32))
        .update(json)
        .digest()
        .copy(digests, 32 * (k + 1));
    }
  } finally {
    letGo();
  }
  const head = (date: string, count: number) =>
    Buffer.from(`{"since":${JSON.stringify(date)},"count":${count},"reviews":[`);

  return Object.freeze({
    releaseId: release.releaseId,
    count: (date: string) => firstDateBefore(index, date),
    bytes: (date: string, count: number) =>
      head(date, count).length + sizes[count]! + Math.max(0, count - 1) + TAIL.length,
    validators: (date: string, count: number) => {
      const digest = createHash("sha256")
        .update(`${date}\0`)
        .update(digests.subarray(32 * count, 32 * count + 32))
        .digest("base64url");
      const lastModifiedMs = Math.floor(newest[count]! / 1000) * 1000;
      return {
        etag: `"${digest.slice(0, 32)}"`,
        lastModified: new Date(lastModifiedMs).toUTCString(),
        lastModifiedMs,
      };
    },
    // The hold is taken when the body is asked for and let go when its stream closes: ended, failed, or destroyed
    // before its first read (a client gone while it waited for a place).
    body: (date: string, count: number) =>
      Readable.from(bodyOf(date, count), { highWaterMark: AHEAD }).once("close", release.hold()),
  });

  async function* bodyOf(date: string, count: number) {
    yield head(date, count);
    for (let end = count; end > 0; end -= SLICE) {
      // A reader that never waits (the compressor, a fast socket) would otherwise take every slice in one turn.
      if (end < count) await pause();
      const parts = index.reviewsJson(range(Math.max(0, end - SLICE), end).reverse());
      yield Buffer.from((end < count ? "," : "") + parts.join(","));
    }
    yield TAIL;
  }
}

/** The positions from `start` to `end` (exclusive). */
const range = (start: number, end: number) => Array.from({ length: end - start }, (_, i) => start + i);
