// The gzip variant of /reviews.json as one gzip member made of chunks compressed independently (each deflate stream ends
// with a full flush, so none refers to another), cut at review boundaries that the reviews themselves choose. A rebuild
// compresses only the chunks whose bytes changed and copies the others from the previous release's .gz: adding a
// review at the head changes the first chunk alone. Full build and rebuild cut and compress alike, so both give the
// same bytes.
import { readFileSync } from "node:fs";
import zlib from "node:zlib";
import { z } from "zod";
import { Sha256 } from "../lib/schema/manifest.ts";
import { GZIP_LEVEL } from "./compress.ts";
import { sha256 } from "./hash.ts";

/** One chunk: its bytes in the file, its compressed length, and the hash that identifies it. */
export const GzipChunk = z
  .object({ bytes: z.int().min(1), gzip_bytes: z.int().min(1), sha256: Sha256 })
  .strict()
  .meta({ description: "a chunk of /reviews.json compressed on its own into /reviews.json.gz" });
export type GzipChunk = z.output<typeof GzipChunk>;

/** The previous release's .gz of the same file, with the sha256 its manifest gives it and its chunks. */
export type PreviousGzip = { file: string; sha256: string; chunks: readonly GzipChunk[] };

export type ChunkedGzip = { gzip: Buffer; chunks: GzipChunk[]; reused: number };

/** A chunk ends after a review whose opening bytes hash to 0 modulo SPREAD (about one review in SPREAD)… */
const SPREAD = 1024;
/** …once it holds MIN_BYTES; and at the first review end past MAX_BYTES whatever the hash. */
const MIN_BYTES = 256 * 1024;
const MAX_BYTES = 4 * 1024 * 1024;
/** How many opening bytes of a review choose: its id and first fields. */
const HEAD_BYTES = 64;

/** ID1 ID2, deflate, no flags, no modification time, no extra flags, operating system unknown (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The empty final block that ends the deflate stream after the last chunk. */
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));
const TRAILER_BYTES = 8;

/**
 * Where the chunks of `file` end: after the review ends whose opening bytes choose so (reviews lie at
 * `[starts[k], ends[k])`), and at the end of the file.
 */
export function chunkEnds(file: Uint8Array, starts: Uint32Array, ends: Uint32Array): number[] {
  const cuts: number[] = [];
  let from = 0;
  for (let k = 0; k < ends.length; k++) {
    const end = ends[k]!;
    const length = end - from;
    if (length < MIN_BYTES) continue;
    if (length >= MAX_BYTES || fnv1a(file, starts[k]!, Math.min(end, starts[k]! + HEAD_BYTES)) % SPREAD === 0)
      cuts.push((from = end));
  }
  if (from < file.length || cuts.length === 0) cuts.push(file.length);
  return cuts;
}

/** 32-bit FNV-1a of `bytes[from, to)`. */
function fnv1a(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * `file` gzipped in the chunks that end at `ends` (`chunkEnds`), copying from `previous` each chunk it holds with the
 * same bytes. A previous .gz that is not the one its manifest describes is not used.
 */
export function gzipChunked(file: Buffer, ends: readonly number[], previous: PreviousGzip | null): ChunkedGzip {
  const known = previousChunks(previous);
  const chunks: GzipChunk[] = [];
  const out: Buffer[] = [HEADER];
  let reused = 0;
  let from = 0;
  for (const end of ends) {
    const bytes = file.subarray(from, end);
    const hash = sha256(bytes);
    let compressed = known.get(hash);
    if (compressed) reused++;
    else compressed = zlib.deflateRawSync(bytes, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_FULL_FLUSH });
    chunks.push({ bytes: bytes.length, gzip_bytes: compressed.length, sha256: hash });
    out.push(compressed);
    from = end;
  }
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeUInt32LE(zlib.crc32(file), 0);
  trailer.writeUInt32LE(file.length % 2 ** 32, 4);
  out.push(FINAL_BLOCK, trailer);
  return { gzip: Buffer.concat(out), chunks, reused };
}

/** The compressed chunks of the previous .gz by their hash; none when it cannot be read or is not what it should be. */
function previousChunks(previous: PreviousGzip | null): Map<string, Buffer> {
  const known = new Map<string, Buffer>();
  if (!previous) return known;
  let gz: Buffer;
  try {
    gz = readFileSync(previous.file);
  } catch {
    return known;
  }
  const body = previous.chunks.reduce((n, c) => n + c.gzip_bytes, 0);
  if (gz.length !== HEADER.length + body + FINAL_BLOCK.length + TRAILER_BYTES || sha256(gz) !== previous.sha256)
    return known;
  let at = HEADER.length;
  for (const c of previous.chunks) {
    if (!known.has(c.sha256)) known.set(c.sha256, gz.subarray(at, at + c.gzip_bytes));
    at += c.gzip_bytes;
  }
  return known;
}
