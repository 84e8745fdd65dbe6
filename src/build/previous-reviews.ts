// The previous release's published reviews, read back instead of parsed, validated and derived again when this build's
// source extends that release's source: built by the same code (the release's fingerprint), from the same
// business.json, with reviews.jsonl holding the previous file's bytes first. Those reviews would be derived to exactly
// the JSON the release holds, so only the lines after them are new.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { StoredReviews } from "../lib/reviews/stored-review.ts";
import type { Review } from "../lib/schema/review.ts";
import { sha256 } from "./hash.ts";
import type { PreviousRelease, SourceRecord } from "./previous-release.ts";
import type { SourceDigests, SourceFiles } from "./source.ts";

export type PreviousReviews = {
  /** As the previous release publishes them, newest first; read from their JSON (stored-review.ts). */
  reviews: Review[];
  /**
   * Each review's JSON: its bytes in the previous /reviews.json, in memory that worker threads can share. The bytes
   * before the first one in that memory are read by nothing (the old file's head, and room left for the new one's).
   */
  json: Buffer[];
  /** Where reviews.jsonl's new lines start. */
  newFrom: number;
};

export type PreviousReviewsResult = { reused: PreviousReviews; reason: null } | { reused: null; reason: string };

const NEWLINE = 0x0a;
const ARRAY_START = Buffer.from('"reviews":[');
/** Between two reviews; no JSON string holds it, and no object inside a review starts with an id (the Review schema
 * is walked for that in tests/unit/search/reviews-file.test.ts, which the sidecar's reader relies on too). */
const BOUNDARY = Buffer.from('},{"id":');
const ARRAY_END = "]}";

export function sourceRecordOf(files: SourceFiles, digests: SourceDigests): SourceRecord {
  return {
    business_sha256: digests.business,
    reviews_bytes: files.reviews.length,
    reviews_sha256: digests.reviews,
    ...(digests.suppressed ? { suppressed_sha256: digests.suppressed } : {}),
  };
}

/** The previous release's /reviews.json as `readShared` read it, with its sha256. */
export type PreviousJson = { bytes: Buffer; sha256: string };

/**
 * `digests` must hold the prefix hash at the length `release` records (`sourceDigests(files, thatLength)`). `read`:
 * the release's /reviews.json as `readShared` read it for these files, with its sha256, when read ahead.
 */
export function previousReviews(
  release: PreviousRelease,
  files: SourceFiles,
  digests: SourceDigests,
  read: PreviousJson | null = null,
): PreviousReviewsResult {
  const reason = whyNotExtended(release.record.source, files, digests);
  if (reason !== null) return { reused: null, reason };
  // Recorded: whyNotExtended says so otherwise.
  const n = release.record.source!.reviews_bytes;

  const entry = release.files.get("reviews.json");
  if (!entry) return { reused: null, reason: "the previous release has no /reviews.json" };
  let bytes: Buffer;
  try {
    bytes = read?.bytes ?? readShared(path.join(release.dir, entry.path), roomFor(files.reviews.length - n));
  } catch (err) {
    return {
      reused: null,
      reason: `the previous /reviews.json cannot be read (${(err as NodeJS.ErrnoException).code})`,
    };
  }
  if ((read?.sha256 ?? sha256(bytes)) !== entry.sha256)
    return { reused: null, reason: "the previous /reviews.json is not the one its manifest lists" };
  const split = splitReviews(bytes);
  if (!split) return { reused: null, reason: "the previous /reviews.json is not laid out as this build writes it" };
  return { reused: { ...split, newFrom: n }, reason: null };
}

/**
 * Why the source `files` (hashed as `digests`, the prefix at the length `before` records) does not extend the source
 * a release recorded as `before`; null when it does, and that release's reviews may be read back.
 */
export function whyNotExtended(
  before: SourceRecord | undefined,
  files: SourceFiles,
  digests: SourceDigests,
): string | null {
  if (!before) return "the previous release does not record its source";
  if (digests.business !== before.business_sha256) return "business.json changed";
  // A review suppressed since the previous build, or suppressed then and not now, changes what its reviews are.
  if (digests.suppressed !== (before.suppressed_sha256 ?? null)) return "suppressed.jsonl changed";
  const n = before.reviews_bytes;
  const extended =
    files.reviews.length >= n &&
    digests.prefix === before.reviews_sha256 &&
    // The previous last line must still be a whole line: not continued by the new bytes.
    (n === 0 || n === files.reviews.length || files.reviews[n - 1] === NEWLINE || files.reviews[n] === NEWLINE);
  return extended ? null : "reviews.jsonl is not the previous file with lines added";
}

/**
 * Room left before the file in its memory for the next /reviews.json's head and new reviews, which are then written
 * there (dataset-json.ts) and the new file is one run of memory the compressors take as it is. An estimate (a review's
 * JSON adds its annotations to its source line); when it falls short, the file is assembled by copying instead.
 */
export const roomFor = (addedBytes: number) => Math.min(64 * 1024 + 4 * addedBytes, 64 * 1024 * 1024);

/**
 * The file in memory that worker threads can share, after `room` bytes: the reviews read back are written into the
 * next /reviews.json from where they lie (dataset-json.ts), not copied. Read synchronously, as the source files are
 * (source.ts): the build reads while Vite bundles, whose requests the thread pool serves first.
 */
export function readShared(file: string, room: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const { size } = fstatSync(fd);
    const bytes = Buffer.from(new SharedArrayBuffer(room + size), room);
    for (let at = 0; at < size;) {
      const read = readSync(fd, bytes, at, size - at, at);
      if (read === 0) throw Object.assign(new Error(`${file} ended early`), { code: "ESHORT" });
      at += read;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/**
 * The reviews of a compact /reviews.json, each with its bytes; null for any other layout. Each review is read where it
 * lies (stored-review.ts), its JSON parsed when a page asks for its text: the file is the one its release's manifest
 * lists, which this build's code wrote.
 */
function splitReviews(bytes: Buffer): Omit<PreviousReviews, "newFrom"> | null {
  try {
    return splitCompact(bytes);
  } catch {
    return null;
  }
}

function splitCompact(bytes: Buffer): Omit<PreviousReviews, "newFrom"> | null {
  const region = reviewsRegion(bytes);
  if (region === null) return null;
  const reviews: Review[] = [];
  const json: Buffer[] = [];
  const stored = new StoredReviews(region);
  eachReview(region, (span) => {
    const start = span.byteOffset - region.byteOffset;
    reviews.push(stored.review(start, start + span.length));
    json.push(span);
  });
  const head = region.byteOffset - bytes.byteOffset - ARRAY_START.length;
  const { aggregate_rating } = JSON.parse(`${bytes.toString("utf8", 0, head)}"reviews":[]}`) as {
    aggregate_rating?: { count?: unknown };
  };
  return aggregate_rating?.count === reviews.length ? { reviews, json } : null;
}

/**
 * The part of a compact /reviews.json from its first review to its end (`]}` included), in the same memory; null when
 * the file does not hold a reviews array as this build writes it. The next /reviews.json's head may be written over
 * what lies before it, never into it.
 */
export function reviewsRegion(bytes: Buffer): Buffer | null {
  const head = bytes.indexOf(ARRAY_START);
  if (head === -1 || bytes.toString("latin1", bytes.length - ARRAY_END.length) !== ARRAY_END) return null;
  return bytes.subarray(head + ARRAY_START.length);
}

/** Each review's bytes in a `reviewsRegion`, in order, to `visit`. */
export function eachReview(region: Buffer, visit: (span: Buffer) => void): void {
  const end = region.length - ARRAY_END.length;
  let start = 0;
  while (start < end) {
    const next = region.indexOf(BOUNDARY, start);
    const stop = next === -1 || next >= end ? end : next + 1;
    visit(region.subarray(start, stop));
    start = stop + 1;
  }
}
