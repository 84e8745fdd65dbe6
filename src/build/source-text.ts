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
    for (const line of badLines(bytes))
      problems.push(`${file}:${line}: invalid UTF-8 (save the file as UTF-8; the bytes are not text in that encoding)`);
    return new TextDecoder("utf-8").decode(bytes);
  }
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
