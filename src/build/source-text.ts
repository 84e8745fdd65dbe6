// A source file's bytes as text: strict UTF-8 (a bad byte sequence is an error naming its line, never U+FFFD), a byte
// order mark at its start ignored.
import { isUtf8 } from "node:buffer";

/**
 * `bytes` decoded in one pass. When they are not valid UTF-8, each line holding a bad sequence is added to `problems`
 * and the text is decoded leniently, so that the file's other problems are reported with these.
 */
export function decodeSource(file: string, bytes: Uint8Array, problems: string[]): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    reportBadLines(file, bytes, problems);
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * The lines of `bytes` (split at each newline, as `decodeSource(...).split("\n")` gives them), each decoded as it is
 * taken: a 60 MB reviews.jsonl is never one string, which would be twice its size in memory once any review holds a
 * character past Latin-1. Its bad byte sequences are reported as `decodeSource` reports them, before the first line.
 */
export function* sourceLines(file: string, bytes: Uint8Array, problems: string[]): Generator<string> {
  if (!isUtf8(bytes)) reportBadLines(file, bytes, problems);
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (;;) {
    const end = bytes.indexOf(10, start);
    yield decoder.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
    if (end === -1) return;
    start = end + 1;
  }
}

/** Adds to `problems` each line of `file` (its `bytes`) that is not valid UTF-8. */
function reportBadLines(file: string, bytes: Uint8Array, problems: string[]): void {
  for (const line of badLines(bytes))
    problems.push(`${file}:${line}: invalid UTF-8 (save the file as UTF-8; the bytes are not text in that encoding)`);
}

/** The 1-based numbers of the lines of `bytes` that are not valid UTF-8 (a newline never ends a multi-byte sequence). */
function badLines(bytes: Uint8Array): number[] {
  const lines: number[] = [];
  let start = 0;
  for (let n = 1; start <= bytes.length; n++) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    if (!isUtf8(bytes.subarray(start, end))) lines.push(n);
    start = end + 1;
  }
  return lines;
}
