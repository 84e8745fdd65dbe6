// Dynamic JSON responses of the read API: content negotiation (br/gzip/identity), validators and 304s, CORS.
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Coding } from "../dist/site.ts";
import { CORS_HEADERS } from "../http/cors.ts";
import { evaluatePreconditions, type HeaderGetter } from "../static/conditional.ts";
import { createNegotiator } from "../static/negotiate.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Data changes only when a new release is published; caches may keep answers as long as the static files. */
export const DYNAMIC_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";
const MIN_COMPRESS_BYTES = 1024;
// Fast settings: these bodies are compressed per request, unlike the build's files.
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export type Validated = Readonly<{ etag: string; lastModified: string; lastModifiedMs: number }>;

const negotiate = createNegotiator();

export type JsonResponseOptions = Readonly<{
  headers: HeaderGetter;
  method: string;
  status?: number;
  /** ETag and Last-Modified of the identity body; conditional requests are answered with 304 when given. */
  validators?: Validated;
}>;

export async function jsonResponse(body: string, options: JsonResponseOptions): Promise<Response> {
  const { validators } = options;
  const coding = pickCoding(negotiate(options.headers.get("accept-encoding")), Buffer.byteLength(body));
  const common: Record<string, string> = {
    "cache-control": DYNAMIC_CACHE_CONTROL,
    vary: "Accept-Encoding",
    ...CORS_HEADERS,
  };
  if (validators) {
    common["etag"] = coding === "identity" ? validators.etag : codedEtag(validators.etag, coding);
    common["last-modified"] = validators.lastModified;
    const outcome = evaluatePreconditions(options.headers, { ...validators, etag: common["etag"] });
    if (outcome === 304) return new Response(null, { status: 304, headers: common });
  }
  const bytes = coding === "br" ? await brotli(body, brParams) : coding === "gzip" ? await gzip(body, { level: GZIP_LEVEL }) : Buffer.from(body);
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(bytes.length),
    "x-content-type-options": "nosniff",
    ...common,
  };
  if (coding !== "identity") headers["content-encoding"] = coding;
  return new Response(options.method === "HEAD" ? null : new Uint8Array(bytes), { status: options.status ?? 200, headers });
}

const brParams = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };

function pickCoding(preference: readonly Coding[], bytes: number): Coding {
  if (bytes < MIN_COMPRESS_BYTES) return preference.includes("identity") ? "identity" : (preference[0] ?? "identity");
  return preference[0] ?? "identity";
}

/** Each coding is its own representation, so it gets its own strong ETag. */
function codedEtag(etag: string, coding: Coding): string {
  return `${etag.slice(0, -1)}-${coding === "br" ? "br" : "gz"}"`;
}
