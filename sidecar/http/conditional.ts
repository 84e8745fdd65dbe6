// Conditional requests on GET/HEAD (RFC 9110 13.2.2): which status the preconditions give for the chosen representation.
import { parseHttpDate } from "./http-date.ts";

export type Validators = Readonly<{ etag: string; lastModified: string; lastModifiedMs: number }>;

/** Reads a request header; `null` when absent (the Fetch `Headers.get` contract). */
export type HeaderGetter = Readonly<{ get(name: string): string | null }>;

/**
 * Evaluates If-Match, If-Unmodified-Since, If-None-Match and If-Modified-Since in the RFC's order:
 * 412 when a state-changing precondition fails, 304 when the client's copy is current, else 200.
 * If-Modified-Since is only looked at when there is no If-None-Match.
 */
export function evaluatePreconditions(headers: HeaderGetter, v: Validators): 200 | 304 | 412 {
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    if (!matchesEtag(ifMatch, v.etag, true)) return 412;
  } else {
    const ius = headers.get("if-unmodified-since");
    if (ius !== null) {
      const since = parseHttpDate(ius);
      if (since !== undefined && v.lastModifiedMs > since) return 412;
    }
  }
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) return matchesEtag(ifNoneMatch, v.etag, false) ? 304 : 200;
  const ims = headers.get("if-modified-since");
  if (ims !== null) {
    if (ims === v.lastModified) return 304;
    const since = parseHttpDate(ims);
    if (since !== undefined && v.lastModifiedMs <= since) return 304;
  }
  return 200;
}

/**
 * Whether `etag` (a strong entity-tag, quotes included) is in an If-Match / If-None-Match list, or the list is `*`.
 * Weak comparison ignores a `W/` prefix; strong comparison (If-Match) never matches a weak tag. Scans without
 * allocating; a malformed list matches nothing from the point it stops making sense.
 */
export function matchesEtag(header: string, etag: string, strong: boolean): boolean {
  if (header === etag) return true;
  const n = header.length;
  let i = 0;
  while (i < n) {
    const ch = header.charCodeAt(i);
    if (ch === 32 || ch === 9 || ch === 44) {
      i++;
      continue;
    }
    if (ch === 42) return true; // "*": any current representation
    let weak = false;
    if (ch === 87 && header.charCodeAt(i + 1) === 47) {
      weak = true;
      i += 2;
    }
    if (header.charCodeAt(i) !== 34) return false;
    const end = header.indexOf('"', i + 1);
    if (end === -1) return false;
    if (!(strong && weak) && end + 1 - i === etag.length && header.startsWith(etag, i)) return true;
    i = end + 1;
  }
  return false;
}
