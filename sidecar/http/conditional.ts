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
 * Weak comparison ignores a `W/` prefix; strong comparison (If-Match) never matches a weak tag.
 */
export function matchesEtag(header: string, etag: string, strong: boolean): boolean {
  return header.split(",").some((item) => {
    const tag = item.trim();
    return tag === "*" || tag === etag || (!strong && tag === `W/${etag}`);
  });
}
