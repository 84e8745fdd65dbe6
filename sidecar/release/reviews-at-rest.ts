// The reviews of the release being served, left in its /reviews.json: each review's JSON is read from the open file by
// its byte span when an answer needs it, so the sidecar holds the spans (8 bytes a review), not the file's 100 MB.
import { close, fstatSync, open, readFile, readSync, type Stats } from "node:fs";
import { promisify } from "node:util";
import { giveBack } from "./give-back.ts";
import { spanReader, type Split } from "./reviews-file.ts";

/** Bytes read at once: answers read neighbouring reviews (a page of results, a since page), which one read serves. */
export const READ_WINDOW = 64 * 1024;

/** A release's /reviews.json, opened once: its bytes for indexing, then its reviews read back as answers need them. */
export type OpenReviewsFile = Readonly<{
  fd: number;
  /** The whole file as it was when opened; given back (emptied) once it is indexed. */
  bytes: Buffer;
  /** What the file was when read: a later read finding it otherwise refuses to answer from it. */
  stat: Pick<Stats, "size" | "mtimeMs">;
  path: string;
}>;

// The descriptor outlives the release's swap for as long as a request still reads from it, and a pruned release
// directory with it: it is closed when the last answer that could read it is gone.
const closeWhenCollected = new FinalizationRegistry<number>((fd) => close(fd, () => {}));

/** Opens and reads the file; the caller indexes `bytes`, then `keepOpen`s it for the reader it keeps, or `discard`s it. */
export async function openReviewsFile(path: string): Promise<OpenReviewsFile> {
  const fd = await promisify(open)(path, "r");
  try {
    const stat = fstatSync(fd);
    const bytes = await promisify(readFile)(fd);
    return { fd, bytes, stat, path };
  } catch (err) {
    discard({ fd });
    throw err;
  }
}

/** Closes a file that will not be read again (its release was refused), and gives back its bytes. */
export function discard({ fd, bytes }: Pick<OpenReviewsFile, "fd"> & Partial<Pick<OpenReviewsFile, "bytes">>): void {
  close(fd, () => {});
  if (bytes) giveBack(bytes);
}

/**
 * `json(k)` of the reviews `split` finds in the file, read from the descriptor: a read fills a window of the file
 * around the review, in the direction answers walk (forwards for newest first, backwards for a since page's oldest first).
 * Throws, naming the file, if its size or modification time differ from those indexed (written over in place).
 */
export function reviewsAtRest({ fd, stat, path }: OpenReviewsFile, split: Split): (k: number) => string {
  let window = Buffer.alloc(0);
  let windowStart = 0;
  let windowEnd = 0;
  let lastStart = 0;
  const fill = (start: number, end: number) => {
    const now = fstatSync(fd);
    // Not ctime: removing the file (a pruned release) or a hard link to it changes that, not the bytes.
    if (now.size !== stat.size || now.mtimeMs !== stat.mtimeMs)
      throw new Error(`${path} was written over after it was loaded; this release cannot answer from it`);
    const length = Math.max(READ_WINDOW, end - start);
    const from = start >= lastStart ? start : Math.max(0, end - length);
    const to = Math.min(stat.size, from + length);
    // Emptied first: a read that fails leaves no window that claims bytes it does not hold.
    windowStart = windowEnd = 0;
    if (window.length < to - from) window = Buffer.allocUnsafe(length);
    const read = readSync(fd, window, 0, to - from, from);
    if (read !== to - from) throw new Error(`${path}: ${read} bytes where ${to - from} were expected at byte ${from}`);
    windowStart = from;
    windowEnd = to;
  };
  const { json } = spanReader(split, (start, end) => {
    if (start < windowStart || end > windowEnd) fill(start, end);
    lastStart = start;
    return window.toString("utf8", start - windowStart, end - windowStart);
  });
  return json;
}

/**
 * Hands the descriptor to the one reader of it the index kept, closed once that reader is unreachable, and
 * gives back the file's bytes now that it is indexed.
 */
export function keepOpen({ fd, bytes }: Pick<OpenReviewsFile, "fd" | "bytes">, reader: (k: number) => string): void {
  closeWhenCollected.register(reader, fd);
  giveBack(bytes);
}
