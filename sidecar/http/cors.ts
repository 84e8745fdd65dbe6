// CORS for the public read endpoints, by Hono's middleware: any origin may read, revalidate and resume, without
// credentials, and scripts may read the validators (ETag and Link are not CORS-safelisted).
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

/** The methods every GET endpoint of the read API answers. */
export const READ_ALLOW = "GET, HEAD, OPTIONS";

const EXPOSE_HEADERS = ["ETag", "Last-Modified", "Link"];

/**
 * The CORS headers of an actual (not preflight) read answer, as the middleware sets them: answers rendered once and
 * sent many times carry them from the start, so no middleware has to rebuild each response to add them.
 */
export const READ_CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSE_HEADERS.join(","),
});

const readCors = cors({
  origin: "*",
  allowMethods: ["GET", "HEAD", "OPTIONS"],
  allowHeaders: [
    "Accept",
    "Accept-Encoding",
    "If-None-Match",
    "If-Modified-Since",
    "If-Match",
    "If-Unmodified-Since",
    "If-Range",
    "Range",
  ],
  exposeHeaders: EXPOSE_HEADERS,
  maxAge: 86400,
});

/** The read API's CORS; its answer to OPTIONS (a preflight or not) also names the methods in Allow. */
export const readApiCors: MiddlewareHandler = (c, next) => {
  if (c.req.method === "OPTIONS") c.header("allow", READ_ALLOW);
  return readCors(c, next);
};
