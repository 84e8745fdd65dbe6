// Serves the release's files by manifest key: GET/HEAD with encodings, validators, 304s and single byte ranges; nothing
// else is ever read.
import type { Context } from "hono";
import type { Release, ReleaseFile, Representation } from "../release/release.ts";
import type { AppEnv } from "../http/env.ts";
import { READ_ALLOW } from "../http/cors.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { evaluatePreconditions } from "../http/conditional.ts";
import { parseAcceptEncoding } from "../http/negotiate.ts";
import { type ByteRange, ifRangeHolds, parseRange } from "../http/range.ts";
import { fileBody } from "./file-body.ts";
import { decodeRequestPath, requestPath, requestQuery } from "./request-path.ts";

/** The static fallback route. */
export function staticHandler(currentRelease: () => Release) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const site = currentRelease();
    const rawTarget = c.env?.incoming?.url;
    const path = decodeRequestPath(requestPath(c.req.url, rawTarget));
    if (path === undefined) throw notFound();
    const file = site.files.get(path);
    if (file === undefined) {
      if (!path.endsWith("/") && site.files.has(`${path}/`)) return redirect(`${path}/`, rawTarget ?? c.req.url);
      throw notFound();
    }

    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD")
      throw new ApiError(405, "method_not_allowed", `${method} is not supported here; this resource is read-only.`, {
        headers: { allow: READ_ALLOW },
      });

    const headers = c.req.raw.headers;
    const rep = choose(file, parseAcceptEncoding(headers.get("accept-encoding")));
    const validators = { etag: rep.etag, lastModified: file.lastModified, lastModifiedMs: file.lastModifiedMs };
    const status = evaluatePreconditions(headers, validators);
    if (status === 304) return new Response(null, rep.notModified);
    if (status === 412)
      throw new ApiError(412, "precondition_failed", "The resource does not match the request's preconditions.");
    const range = headers.get("range");
    const part =
      range !== null && ifRangeHolds(headers.get("if-range"), rep.etag, file.lastModified)
        ? parseRange(range, rep.bytes)
        : undefined;
    if (part === "unsatisfiable") throw notSatisfiable(rep.bytes);
    if (part !== undefined) return partial(rep, part, method === "HEAD");
    if (method === "HEAD") return new Response(null, rep.ok);
    // Big files are read from the release directory the snapshot resolved to, which a new release never changes.
    return new Response(rep.body ?? (await fileBody(rep.file, 0, rep.bytes - 1)), rep.ok);
  };
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
async function partial(rep: Representation, part: ByteRange, head: boolean): Promise<Response> {
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
  return new Response(await fileBody(rep.file, part.start, part.end), init);
}

function redirect(location: string, target: string): Response {
  return new Response(null, { status: 308, headers: { location: encodeURI(location) + requestQuery(target) } });
}
