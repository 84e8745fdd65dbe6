// CORS for the public read endpoints: any origin may read, no credentials, and the validators are readable from scripts.

/** On every read response (ETag and Link are not CORS-safelisted, so they are exposed explicitly). */
export const CORS_HEADERS = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Link",
});

/** On the answer to a preflight (OPTIONS with Access-Control-Request-Method). */
export const PREFLIGHT_HEADERS = Object.freeze({
  ...CORS_HEADERS,
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers":
    "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since",
  "access-control-max-age": "86400",
});
