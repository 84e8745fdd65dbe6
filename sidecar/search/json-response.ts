// Dynamic JSON responses of the read API: content negotiation (br/gzip/identity), validators and 304s, CORS.
import { promisify } from "node:util";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import type { ValidationIssue } from "../../src/lib/schema/errors.ts";
import type { Coding } from "../release/release.ts";
import { CORS_HEADERS } from "../http/cors.ts";
import { evaluatePreconditions, type HeaderGetter } from "../http/conditional.ts";
import { createNegotiator } from "../http/negotiate.ts";
import type { Validators } from "../http/conditional.ts";
import { createLru, type Lru } from "../http/lru.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Data changes only when a new release is published; caches may keep answers as long as the static files. */
export const DYNAMIC_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";
const MIN_COMPRESS_BYTES = 1024;
// Fast settings: these bodies are compressed per request, unlike the build's files.
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
const brParams = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

/** Answers are a pure function of (release, request): the popular ones are kept in memory, up to this many bytes. */
const RESPONSE_CACHE_BYTES = 64 * 2 ** 20;

/** The read API's answers kept: one per sidecar, shared by its routes and the answers sent at once. */
export const createResponseCache = (): Lru<Rendered> => createLru<Rendered>(RESPONSE_CACHE_BYTES);

/** The query string of a request's URL (after the first `?`), "" if none. */
export const queryOf = (url: string): string => {
  const q = url.indexOf("?");
  return q === -1 ? "" : url.slice(q + 1);
};

/** A 400's body: what was wrong with the request. */
export const issuesJson = (issues: readonly ValidationIssue[]): string => JSON.stringify({ issues });

/** A response ready to send any number of times: encoded body, headers, and the 304 headers when it has validators. */
export type Rendered = Readonly<{
  status: number;
  headers: Readonly<Record<string, string>>;
  bytes: Uint8Array<ArrayBuffer>;
  validators: Validators | undefined;
  notModifiedHeaders: Readonly<Record<string, string>>;
}>;

const negotiate = createNegotiator();

/** What of an Accept-Encoding value matters: the codings it accepts, best first (a cache key of a few values). */
export const acceptedCodings = (acceptEncoding: string | null): string => negotiate(acceptEncoding).join(",");

/** The coding a request's Accept-Encoding picks for a body of `bytes` (small bodies stay identity). */
export function chooseCoding(acceptEncoding: string | null, bytes: number): Coding {
  const preference = negotiate(acceptEncoding);
  if (bytes < MIN_COMPRESS_BYTES && preference.includes("identity")) return "identity";
  return preference[0] ?? "identity";
}

export async function renderJson(
  body: string,
  coding: Coding,
  status = 200,
  validators?: Validators,
): Promise<Rendered> {
  const buf =
    coding === "br"
      ? await brotli(body, brParams)
      : coding === "gzip"
        ? await gzip(body, { level: GZIP_LEVEL })
        : Buffer.from(body);
  const coded = validators && codedValidators(validators, coding);
  const { headers, notModifiedHeaders } = jsonHeaders(coding, buf.length, coded);
  return {
    status,
    // A refusal is not the release's data: a cache keeping it would go on refusing a corrected client or server.
    headers: status >= 400 ? { ...headers, "cache-control": "no-store" } : headers,
    notModifiedHeaders,
    bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.length) as Uint8Array<ArrayBuffer>,
    validators: coded,
  };
}

/** A compressor stream for `coding`, with the settings of every dynamic answer (zlib works off the event loop). */
export function compressor(coding: Exclude<Coding, "identity">): Transform {
  return coding === "br" ? zlib.createBrotliCompress(brParams) : zlib.createGzip({ level: GZIP_LEVEL });
}

/** The headers of a JSON answer of `bytes` in `coding`, and those of its 304 when it has validators. */
export function jsonHeaders(
  coding: Coding,
  bytes: number,
  validators: Validators | undefined,
): Pick<Rendered, "headers" | "notModifiedHeaders"> {
  const common: Record<string, string> = {
    "cache-control": DYNAMIC_CACHE_CONTROL,
    vary: "Accept-Encoding",
    ...CORS_HEADERS,
  };
  if (validators) {
    common["etag"] = validators.etag;
    common["last-modified"] = validators.lastModified;
  }
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(bytes),
    "x-content-type-options": "nosniff",
    ...common,
  };
  if (coding !== "identity") headers["content-encoding"] = coding;
  return { headers, notModifiedHeaders: common };
}

/** Each coding is its own representation, so it gets its own strong ETag. */
export function codedValidators(validators: Validators, coding: Coding): Validators {
  return coding === "identity" ? validators : { ...validators, etag: codedEtag(validators.etag, coding) };
}

/** What to send of a rendered response: a 304 when the request's validators match it, else the whole of it. */
export function sendable(
  rendered: Rendered,
  headers: HeaderGetter,
): Readonly<{ status: number; headers: Readonly<Record<string, string>>; bytes: Uint8Array<ArrayBuffer> | null }> {
  if (rendered.validators && evaluatePreconditions(headers, rendered.validators) === 304)
    return { status: 304, headers: rendered.notModifiedHeaders, bytes: null };
  return rendered;
}

/** Sends a rendered response, or a 304 when the request's validators match it. HEAD gets the headers only. */
export function send(rendered: Rendered, request: Readonly<{ method: string; headers: HeaderGetter }>): Response {
  const { status, headers, bytes } = sendable(rendered, request.headers);
  return new Response(request.method === "HEAD" ? null : bytes, { status, headers });
}

/** Each coding is its own representation, so it gets its own strong ETag. */
function codedEtag(etag: string, coding: Coding): string {
  return `${etag.slice(0, -1)}-${coding === "br" ? "br" : "gz"}"`;
}
