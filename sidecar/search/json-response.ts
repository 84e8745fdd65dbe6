// Dynamic JSON responses of the read API: content negotiation (br/gzip/identity), validators and 304s.
import { promisify } from "node:util";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import type { ValidationIssue } from "../../src/lib/schema/errors.ts";
import { evaluatePreconditions, type HeaderGetter, type Validators } from "../http/conditional.ts";
import { READ_CORS_HEADERS } from "../http/cors.ts";
import { type Coding, parseAcceptEncoding } from "../http/negotiate.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Data changes only when a new release is published; caches may keep answers as long as the static files. */
const DYNAMIC_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";
const MIN_COMPRESS_BYTES = 1024;
// Fast settings: these bodies are compressed per request, unlike the build's files.
const brParams = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_LEVEL = 6;

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

/** The coding a request's Accept-Encoding picks for a body of `bytes` (small bodies stay identity). */
export function chooseCoding(acceptEncoding: string | null | undefined, bytes: number): Coding {
  const preference = parseAcceptEncoding(acceptEncoding ?? null);
  if (bytes < MIN_COMPRESS_BYTES && preference.includes("identity")) return "identity";
  return preference[0] ?? "identity";
}

/** `body` in `coding`, with the settings of every dynamic answer (zlib works off the event loop). */
export async function encodeBody(body: string | Buffer, coding: Coding): Promise<Uint8Array<ArrayBuffer>> {
  const buf =
    coding === "br"
      ? await brotli(body, brParams)
      : coding === "gzip"
        ? await gzip(body, { level: GZIP_LEVEL })
        : Buffer.from(body);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}

/** A JSON body rendered in `coding`: its bytes and every header; a refusal is marked not to be stored. */
export async function renderJson(body: string, coding: Coding, status = 200, validators?: Validators) {
  const bytes = await encodeBody(body, coding);
  const coded = validators && codedValidators(validators, coding);
  const { headers, notModifiedHeaders } = jsonHeaders(coding, bytes.length, coded);
  return {
    status,
    // A refusal is not the release's data: a cache keeping it would go on refusing a corrected client or server.
    headers: status >= 400 ? { ...headers, "cache-control": "no-store" } : headers,
    notModifiedHeaders,
    bytes,
    validators: coded,
  };
}

/** A JSON body negotiated against the request's Accept-Encoding, rendered and sent (or its 304). */
export async function sendJson(req: Request, body: string, status = 200, validators?: Validators): Promise<Response> {
  const coding = chooseCoding(req.headers.get("accept-encoding"), body.length);
  return send(await renderJson(body, coding, status, validators), req);
}

/**
 * A compressor stream for `coding`, with the settings of every dynamic answer (zlib works off the event loop);
 * `brotliWindowBits` bounds what brotli takes in before it gives out anything (its default window is 4 MiB).
 */
export function compressor(coding: Exclude<Coding, "identity">, brotliWindowBits?: number): Transform {
  if (coding !== "br") return zlib.createGzip({ level: GZIP_LEVEL });
  if (brotliWindowBits === undefined) return zlib.createBrotliCompress(brParams);
  return zlib.createBrotliCompress({
    params: { ...brParams.params, [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits },
  });
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
    ...READ_CORS_HEADERS,
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
  if (coding === "identity") return validators;
  return { ...validators, etag: `${validators.etag.slice(0, -1)}-${coding === "br" ? "br" : "gz"}"` };
}

/** Sends a rendered response, or a 304 when the request's validators match it. HEAD gets the headers only. */
export function send(rendered: Rendered, request: Readonly<{ method: string; headers: HeaderGetter }>): Response {
  if (rendered.validators && evaluatePreconditions(request.headers, rendered.validators) === 304)
    return new Response(null, { status: 304, headers: rendered.notModifiedHeaders });
  return new Response(request.method === "HEAD" ? null : rendered.bytes, rendered);
}
