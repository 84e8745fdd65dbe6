// CORS for the public read endpoints: any origin may read, no credentials, and the validators are readable from scripts.

/** On every read response (ETag and Link are not CORS-safelisted, so they are exposed explicitly). */
export const CORS_HEADERS = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Link",
});

/** On the answer to a preflight (OPTIONS with Access-Control-Request-Method). */
const PREFLIGHT_HEADERS = Object.freeze({
  ...CORS_HEADERS,
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers":
    "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since",
  "access-control-max-age": "86400",
});

/** The answer to OPTIONS on every GET endpoint of the read API (static files, search, since). */
export function preflightResponse(allow: string): Response {
  return new Response(null, { status: 204, headers: { allow, ...PREFLIGHT_HEADERS } });
}
