// /reviews.json as bytes, exactly JSON.stringify of the dataset, assembled review by review: one 100 MB string (two
// bytes a character once any review holds a character past Latin-1) and its encoding cost seconds at 100k reviews.
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import type { Review } from "../lib/schema/review.ts";

const EMPTY_REVIEWS = '"reviews":[]}';
const COMMA = Buffer.from(",");

/** Room left before the reviews made here for the file's head (the dataset's other members); unwritten, not resident. */
const HEAD_ROOM = 2 ** 20;
/**
 * The address space reserved for the reviews made here (the file's offsets are 32-bit), and the steps their memory
 * grows by.
 */
const MAX_BYTES = 2 ** 32;
const GROWTH = 2 ** 24;
const END = "]}";

/**
 * Each review's JSON as bytes: as a release that published it holds it (`known`), else made. What is made is written
 * into one run of shared memory, a comma between reviews and the file's "]}" after the last, with room before it for
 * the file's head (`RoomBefore` of the first): when those reviews end the file, as in a full build, /reviews.json is
 * that memory, where a buffer per review would be 100 MB at 100k reviews copied once more, and kept by the main
 * thread's allocator after.
 */
export function reviewJsonBytes(reviews: Iterable<Review>, known: ReadonlyMap<Review, Buffer> = new Map()): Buffer[] {
  let memory: SharedArrayBuffer | null = null;
  let at = HEAD_ROOM;
  const write = (text: string) => {
    const length = Buffer.byteLength(text);
    memory ??= new SharedArrayBuffer(HEAD_ROOM, { maxByteLength: MAX_BYTES });
    if (at + length > memory.byteLength) memory.grow(Math.min(MAX_BYTES, Math.ceil((at + length) / GROWTH) * GROWTH));
    const bytes = Buffer.from(memory, at, length);
    bytes.write(text);
    at += length;
    return bytes;
  };
  let made = 0;
  const json: Buffer[] = [];
  for (const r of reviews) {
    const held = known.get(r);
    if (held) json.push(held);
    else {
      if (made++ > 0) write(",");
      json.push(write(JSON.stringify(r)));
    }
  }
  if (made > 0) write(END);
  return json;
}

/**
 * The bytes before `first` in its memory, which nothing reads, lent to the next /reviews.json: when the reviews read
 * back start there and end the file, the new head and reviews are written before them and the file is one run of
 * memory (a copy of 100 MB at 100k reviews saved). Lent once: a second file is assembled by copying.
 */
export class RoomBefore {
  readonly #memory: ArrayBufferLike;
  readonly #end: number;
  #lent = false;

  constructor(first: Buffer) {
    this.#memory = first.buffer;
    this.#end = first.byteOffset;
  }

  /** Lends the room to `run` if it ends where `run` starts and holds `bytes`; a room is lent once. */
  lendTo(run: Buffer, bytes: number): boolean {
    if (this.#lent || run.buffer !== this.#memory || run.byteOffset !== this.#end || bytes > this.#end) return false;
    this.#lent = true;
    return true;
  }
}

/**
 * /reviews.json as parts in memory that worker threads share (the file is their concatenation), and where each review's
 * JSON lies in it. Reviews read back from the previous release stay where they were read (previous-reviews.ts reads
 * that file into shared memory), as do the reviews made in shared memory by `reviewJsonBytes`; the rest is copied,
 * into one buffer of its own, or into the room before the reviews that end the file.
 */
export type DatasetJson = {
  parts: Buffer[];
  length: number;
  /** Review k's JSON is bytes [starts[k], ends[k]) of the file, all within one part. */
  starts: Uint32Array;
  ends: Uint32Array;
};

/** `reviewJson` holds each review's JSON (`reviewJsonBytes`); `room`, memory lent to the file (`RoomBefore`). */
export function datasetJson(
  dataset: ReviewsDataset,
  reviewJson: readonly Buffer[] = reviewJsonBytes(dataset.reviews),
  room: RoomBefore | null = null,
): DatasetJson {
  if (Object.keys(dataset).at(-1) !== "reviews")
    throw new Error("the dataset's reviews must be its last member to be written review by review");
  const { reviews, ...rest } = dataset;
  // The dataset's other members in their order, then an empty reviews array where the reviews go.
  const head = JSON.stringify({ ...rest, reviews: [] });
  const at = head.length - EMPTY_REVIEWS.length;
  const parts: Buffer[] = [Buffer.from(head.slice(0, at + '"reviews":['.length))];
  const starts = new Uint32Array(reviews.length);
  const ends = new Uint32Array(reviews.length);
  let offset = parts[0]!.length;
  // The reviews' bytes not yet in `parts`, as one run of memory: `memory[from, to)`.
  let memory: ArrayBufferLike | null = null;
  let from = 0;
  let to = 0;
  const flush = () => memory !== null && parts.push(Buffer.from(memory, from, to - from));
  for (let k = 0; k < reviewJson.length; k++) {
    const bytes = reviewJson[k]!;
    if (memory !== null && followsWithComma(memory, to, bytes)) to = bytes.byteOffset + bytes.length;
    else {
      if (flush()) parts.push(COMMA);
      memory = bytes.buffer;
      from = bytes.byteOffset;
      to = from + bytes.length;
    }
    if (k > 0) offset++;
    starts[k] = offset;
    ends[k] = offset += bytes.length;
  }
  flush();
  parts.push(Buffer.from(END));
  const whole = room && inPlace(parts, room);
  return { parts: whole ? [whole] : shared(parts), length: offset + 2, starts, ends };
}

/**
 * The file as one run of memory, when its last run of reviews starts where `room` ends, with the file's "]}" after it
 * and room enough before it for the other parts, which are written there.
 */
function inPlace(parts: readonly Buffer[], room: RoomBefore): Buffer | null {
  const run = parts.at(-2);
  const tail = parts.at(-1)!;
  if (!run) return null;
  const memory = run.buffer;
  const before = parts.slice(0, -2);
  const need = before.reduce((n, p) => n + p.length, 0);
  const end = run.byteOffset + run.length;
  const fits =
    end + tail.length <= memory.byteLength &&
    tail.equals(new Uint8Array(memory, end, tail.length)) &&
    room.lendTo(run, need);
  if (!fits) return null;
  const file = Buffer.from(memory, run.byteOffset - need, need + run.length + tail.length);
  let at = 0;
  for (const part of before) at += part.copy(file, at);
  return file;
}

/**
 * The parts, those not yet in shared memory copied into one shared buffer together, and parts that then lie end to end
 * taken as one: a full build's file is one buffer, not 200k views of it for every thread to hold.
 */
function shared(parts: readonly Buffer[]): Buffer[] {
  const isShared = (b: Buffer) => b.buffer instanceof SharedArrayBuffer;
  const rest = Buffer.from(new SharedArrayBuffer(parts.reduce((n, part) => n + (isShared(part) ? 0 : part.length), 0)));
  let written = 0;
  const runs: Buffer[] = [];
  for (const part of parts) {
    let copy = part;
    if (!isShared(part)) {
      copy = rest.subarray(written, written + part.length);
      written += part.copy(rest, written);
    }
    const last = runs.at(-1);
    if (last && last.buffer === copy.buffer && last.byteOffset + last.length === copy.byteOffset)
      runs[runs.length - 1] = Buffer.from(last.buffer, last.byteOffset, last.length + copy.length);
    else runs.push(copy);
  }
  return runs;
}

/**
 * Whether `next` lies in `memory` one comma after `end`: reviews read back from the previous release are slices of its
 * /reviews.json, so they are copied as one run instead of one by one (200k parts at 100k reviews). The byte between is
 * checked, so a run always holds exactly the bytes it stands for.
 */
function followsWithComma(memory: ArrayBufferLike, end: number, next: Buffer): boolean {
  return next.buffer === memory && next.byteOffset === end + 1 && new Uint8Array(memory, end, 1)[0] === 0x2c;
}
