// Serves the release's files by manifest key: GET/HEAD with encodings, validators, 304s and single byte ranges; nothing
// else is ever read.
import type { Context } from "hono";
import type { Release, ReleaseFile, Representation, ResponseInitOf } from "../release/release.ts";
import type { AppEnv } from "../http/env.ts";
import { CORS_HEADERS, preflightResponse, READ_ALLOW } from "../http/cors.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { evaluatePreconditions, type HeaderGetter } from "../http/conditional.ts";
import { createNegotiator, type Negotiator } from "../http/negotiate.ts";
import { type ByteRange, ifRangeHolds, parseRange } from "../http/range.ts";
import { fileBody } from "./file-body.ts";
import { decodeRequestPath, requestPath, requestQuery } from "./request-path.ts";

/**
 * The static fallback route. Kept synchronous on the hot paths (304, cached 200): node-server then writes the
 * response straight from the precomputed header record without a promise or a Headers object per request.
 */
export function staticHandler(currentRelease: () => Release) {
  const negotiate = createNegotiator();
  return (c: Context<AppEnv>): Response | Promise<Response> => {
    const site = currentRelease();
    const rawTarget = c.env?.incoming?.url;
    const raw = requestPath(c.req.url, rawTarget);
    let file = raw.includes("%") ? undefined : site.files.get(raw);
    if (file === undefined) {
      const decoded = decodeRequestPath(raw);
      if (decoded === undefined) throw notFound();
      file = site.files.get(decoded);
      if (file === undefined) {
        if (!decoded.endsWith("/") && site.files.has(`${decoded}/`))
          return redirect(`${decoded}/`, rawTarget ?? c.req.url);
        throw notFound();
      }
    }

    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      if (method === "OPTIONS") return preflightResponse();
      throw new ApiError(405, "method_not_allowed", `${method} is not supported here; this resource is read-only.`, {
        headers: { allow: READ_ALLOW },
      });
    }

    const decision = decide(file, c.req.raw.headers, negotiate);
    const ready = fromMemory(decision, method);
    if (ready) return new Response(ready.body, ready.init);
    // 304s are answered from memory.
    if (decision.status !== 200)
      throw new ApiError(412, "precondition_failed", "The resource does not match the request's preconditions.");
    const { rep, part } = decision;
    if (part === "unsatisfiable") throw notSatisfiable(rep.bytes);
    if (part !== undefined) return partial(rep, part, method === "HEAD");
    return stream(rep);
  };
}

/** What a GET or HEAD of `file` gets: the representation chosen, the preconditions' status, and a byte range asked for. */
export type Decision =
  | Readonly<{ status: 304; rep: Representation }>
  | Readonly<{ status: 412 }>
  | Readonly<{ status: 200; rep: Representation; part: ByteRange | "unsatisfiable" | undefined }>;

export function decide(file: ReleaseFile, headers: HeaderGetter, negotiate: Negotiator): Decision {
  const rep = choose(file, negotiate(headers.get("accept-encoding")));
  const status = evaluatePreconditions(headers, {
    etag: rep.etag,
    lastModified: file.lastModified,
    lastModifiedMs: file.lastModifiedMs,
  });
  if (status !== 200) return status === 304 ? { status, rep } : { status };
  const range = headers.get("range");
  const applies = range !== null && ifRangeHolds(headers.get("if-range"), rep.etag, file.lastModified);
  return { status, rep, part: applies ? parseRange(range, rep.bytes) : undefined };
}

/** The answer to a decision that memory alone gives (a 304, a HEAD, a body kept in memory), or undefined. */
export function fromMemory(
  decision: Decision,
  method: string,
): { init: ResponseInitOf<200 | 304>; body: Uint8Array<ArrayBuffer> | null } | undefined {
  if (decision.status === 304) return { init: decision.rep.notModified, body: null };
  if (decision.status !== 200 || decision.part !== undefined) return undefined;
  const { rep } = decision;
  if (method === "HEAD") return { init: rep.ok, body: null };
  return rep.body === undefined ? undefined : { init: rep.ok, body: rep.body };
}

function choose(file: ReleaseFile, preference: readonly string[]): Representation {
  for (const coding of preference) {
    if (coding === "br" && file.br) return file.br;
    if (coding === "gzip" && file.gzip) return file.gzip;
    if (coding === "identity") return file.identity;
  }
  // Nothing acceptable (e.g. `identity;q=0` on a file stored only as is): disregard the header (RFC 9110 12.5.3).
  return file.identity;
}

/** Big files are read from the release directory the snapshot resolved to, which a new release never changes. */
async function stream(rep: Representation): Promise<Response> {
  return new Response(await fileBody(rep.file, 0, rep.bytes - 1), rep.ok);
}

/** 416 names the representation's length, so a client can ask again (RFC 9110 15.5.17). */
function notSatisfiable(bytes: number): ApiError {
  return new ApiError(416, "range_not_satisfiable", `The range is outside the ${bytes} bytes of the resource.`, {
    headers: { "content-range": `bytes */${bytes}` },
  });
}

/**
 * 206 with the part of the representation actually sent (with Accept-Encoding, a part of the encoded bytes, which have
 * their own strong ETag, as nginx serves precompressed files); HEAD gets the same headers, as nginx answers it.
 */
function partial(rep: Representation, part: ByteRange, head: boolean): Response | Promise<Response> {
  const init = {
    status: 206,
    headers: {
      ...rep.ok.headers,
      "content-length": String(part.end - part.start + 1),
      "content-range": `bytes ${part.start}-${part.end}/${rep.bytes}`,
    },
  };
  if (head) return new Response(null, init);
  if (rep.body !== undefined) return new Response(rep.body.subarray(part.start, part.end + 1), init);
  return fileBody(rep.file, part.start, part.end).then((body) => new Response(body, init));
}

function redirect(location: string, target: string): Response {
  return new Response(null, {
    status: 308,
    headers: { location: encodeURI(location) + requestQuery(target), ...CORS_HEADERS },
  });
}
