// CORS for the public read endpoints, by Hono's middleware: any origin may read, revalidate and resume, without
// credentials, and scripts may read the validators (ETag and Link are not CORS-safelisted).
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

/** The methods every GET endpoint of the read API answers. */
export const READ_ALLOW = "GET, HEAD, OPTIONS";

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
  exposeHeaders: ["ETag", "Last-Modified", "Link"],
  maxAge: 86400,
});

/** The read API's CORS; its answer to OPTIONS (a preflight or not) also names the methods in Allow. */
export const readApiCors: MiddlewareHandler = (c, next) => {
  if (c.req.method === "OPTIONS") c.header("allow", READ_ALLOW);
  return readCors(c, next);
};
