// Byte ranges (RFC 9110 14): reads a single-range Range header against a representation's length, and evaluates If-Range.

/** Inclusive byte positions of the part to send. */
export type ByteRange = Readonly<{ start: number; end: number }>;

// One int-range or suffix-range; the unit is case-insensitive, the rest has no whitespace (RFC 9110 14.1.1, 14.2).
const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * The part of a `length`-byte representation a Range header asks for; "unsatisfiable" when the range starts past the
 * end (or is an empty suffix), so the answer is 416; undefined when the header is to be ignored and the whole
 * representation sent: another unit, a malformed value, or several ranges (never worth a multipart answer here).
 */
export function parseRange(header: string, length: number): ByteRange | "unsatisfiable" | undefined {
  const m = SINGLE_RANGE.exec(header);
  if (!m) return undefined;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === "") {
    if (last === "") return undefined;
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    if (length === 0) return undefined;
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return undefined; // invalid, not unsatisfiable: ignored
  if (start >= length) return "unsatisfiable";
  return { start, end: last === "" ? length - 1 : Math.min(Number(last), length - 1) };
}

/**
 * Whether a Range may be honoured under If-Range (RFC 9110 13.1.5): its value must be the representation's current
 * strong ETag (strong comparison, so a weak tag never matches) or exactly its Last-Modified value.
 */
export function ifRangeHolds(ifRange: string | null, etag: string, lastModified: string): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  return value === etag || value === lastModified;
}
