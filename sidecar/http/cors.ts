// CORS for the public read endpoints: any origin may read, no credentials, and the validators are readable from scripts.

/** On every read response (ETag and Link are not CORS-safelisted; Last-Modified is named too, for clarity). */
export const CORS_HEADERS = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Last-Modified, Link",
});

/** The methods every GET endpoint of the read API answers. */
export const READ_ALLOW = "GET, HEAD, OPTIONS";

/**
 * One answer to a preflight (OPTIONS with Access-Control-Request-Method) for the whole read API: revalidation
 * (If-*) and resumed downloads (Range, If-Range) are allowed from any origin.
 */
const PREFLIGHT_HEADERS = Object.freeze({
  allow: READ_ALLOW,
  ...CORS_HEADERS,
  "access-control-allow-methods": READ_ALLOW,
  "access-control-allow-headers":
    "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since, If-Range, Range",
  "access-control-max-age": "86400",
});

/** The answer to OPTIONS on every GET endpoint of the read API (static files, search, since). */
export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
}
