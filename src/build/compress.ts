// Precompressed siblings (.br, .gz) of a file, kept only when they are smaller.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { sha256 } from "./hash.ts";
import type { HashedFile } from "./hashed-file.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Explicit quality: Node's default brotli quality (11) takes minutes on a 100k-review dataset. Files over LARGE
// (/reviews.json) take quality 4: at 100k reviews 0.75 s against 1.3 s at quality 5, for a .br 11% larger (9.9 MB
// against 8.9 MB).
const BROTLI_QUALITY = 6;
const BROTLI_QUALITY_LARGE = 4;
const LARGE = 4 * 1024 * 1024;
const GZIP_LEVEL = 6;
const MIN_BYTES = 256;

/** A file's compressed variants: manifest key and file name suffix. */
export const VARIANTS = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

export type Compressed = { br: Buffer | null; gzip: Buffer | null };

const brotliOptions = (length: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: length > LARGE ? BROTLI_QUALITY_LARGE : BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
});

/** A variant is kept only when it is smaller than the file. */
const smaller = (variant: Buffer, than: Buffer): Buffer | null => (variant.length < than.length ? variant : null);

export async function compress(bytes: Buffer): Promise<Compressed> {
  if (bytes.length < MIN_BYTES) return { br: null, gzip: null };
  const [br, gz] = await Promise.all([brotli(bytes, brotliOptions(bytes.length)), gzip(bytes, { level: GZIP_LEVEL })]);
  return { br: smaller(br, bytes), gzip: smaller(gz, bytes) };
}

/** Writes a file's variants beside it (`root/name.br`, `.gz`) and describes them for its manifest entry. */
export async function writeVariants(
  root: string,
  name: string,
  variants: Compressed,
): Promise<HashedFile["encodings"]> {
  const encodings: HashedFile["encodings"] = {};
  for (const [key, ext] of VARIANTS) {
    const data = variants[key];
    if (!data) continue;
    await writeFile(path.join(root, name + ext), data);
    encodings[key] = { path: name + ext, bytes: data.length, sha256: sha256(data) };
  }
  return encodings;
}
