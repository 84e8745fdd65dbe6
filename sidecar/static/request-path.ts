// The request path as the client sent it, decoded strictly: anything odd is refused rather than repaired.

/** Longer paths are refused outright (no published path comes close). */
const MAX_PATH_LENGTH = 1024;

/** Percent-encoded `/`, `\` and NUL: they would change which segments the path has, or end it early. */
const ENCODED_SEPARATOR_OR_NUL = /%(?:2f|5c|00)/i;
/** Control characters and backslashes, after decoding. */
// eslint-disable-next-line no-control-regex -- the pattern exists to find control characters
const FORBIDDEN_CHAR = /[\u0000-\u001f\u007f\\]/;
/** A `.` or `..` segment, after decoding (`%2e%2e` included). */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * Prefers the request target from the wire (`rawTarget`, the Node adapter's `incoming.url`) over the parsed URL:
 * URL parsing silently resolves `/../` and `/%2e%2e/` and turns `\` into `/`, which would serve another path than
 * the one asked for. Returns the path without its query.
 */
export function requestPath(url: string, rawTarget: string | undefined): string {
  let target: string;
  if (rawTarget !== undefined && rawTarget.charCodeAt(0) === 47) target = rawTarget;
  else {
    const start = url.indexOf("/", url.indexOf("//") + 2);
    target = start === -1 ? "/" : url.slice(start);
  }
  const q = target.indexOf("?");
  const h = target.indexOf("#");
  const end = q === -1 ? h : h === -1 ? q : Math.min(q, h);
  return end === -1 ? target : target.slice(0, end);
}

/** The query of a request target, with its `?`, or "" — percent-encoded where needed so it can go into a header. */
export function requestQuery(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return "";
  const h = url.indexOf("#", q);
  const query = h === -1 ? url.slice(q) : url.slice(q, h);
  return query.replace(/[^\x21-\x7e]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/**
 * Decodes a raw request path for lookup by manifest key, or returns undefined when it must be refused:
 * over-long, malformed percent-encoding, encoded separators or NUL, control characters, backslashes, dot segments.
 */
export function decodeRequestPath(raw: string): string | undefined {
  if (raw.length > MAX_PATH_LENGTH || raw.charCodeAt(0) !== 47) return undefined;
  let decoded = raw;
  if (raw.includes("%")) {
    if (ENCODED_SEPARATOR_OR_NUL.test(raw)) return undefined;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  if (FORBIDDEN_CHAR.test(decoded) || DOT_SEGMENT.test(decoded)) return undefined;
  return decoded;
}
