// The static answers that need nothing but memory (`fromMemory`: a 304, a HEAD, a file kept in memory), written
// straight to Node's response before any Request, Context or Response object is made; the rest goes on to the app.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { HeaderGetter } from "../http/conditional.ts";
import { createNegotiator } from "../http/negotiate.ts";
import type { Release, ReleaseFile } from "../release/release.ts";
import { decide, fromMemory } from "./handler.ts";

/** Answers the request and returns true, or returns false having touched nothing. */
export type AnswerAtOnce = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/**
 * A Host node-server takes as it is (its own test, so that both accept the same): a lower-case name or address, with a
 * port of 1000-99999 or none. Others go to the app, which refuses what URL parsing refuses (400).
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * Takes the requests the app would route to its static fallback and nowhere else (asked of the app's own router, once
 * per file of a release), for a path written exactly as a file's key, with no query.
 */
export function staticAtOnce(app: Hono<AppEnv>, currentRelease: () => Release): AnswerAtOnce {
  const negotiate = createNegotiator();
  const onlyStatic = new WeakMap<ReleaseFile, boolean>();
  const routedToStatic = (file: ReleaseFile) => {
    let only = onlyStatic.get(file);
    if (only === undefined) {
      const [matched] = app.router.match("GET", file.urlPath);
      only = matched.length === 1 && matched[0]![0][1].method === "ALL" && matched[0]![0][1].path === "/*";
      onlyStatic.set(file, only);
    }
    return only;
  };
  return (incoming, outgoing) => {
    const { method, url } = incoming;
    if ((method !== "GET" && method !== "HEAD") || url === undefined || url.includes("%")) return false;
    const file = currentRelease().files.get(url);
    const headers = incoming.headersDistinct;
    const host = headers.host?.[0];
    if (file === undefined || host === undefined || !PLAIN_HOST.test(host) || !routedToStatic(file)) return false;
    const ready = fromMemory(decide(file, headerGetter(headers), negotiate), method);
    if (!ready) return false;
    outgoing.writeHead(ready.init.status, ready.init.headers).end(ready.body ?? undefined);
    return true;
  };
}

/**
 * Each header as the app reads it: every copy joined with ", " (node-server's Headers do so; Node's own `headers` keeps
 * only the first If-Modified-Since, which would turn an unparseable repeated date into a valid one).
 */
function headerGetter(headers: IncomingMessage["headersDistinct"]): HeaderGetter {
  return { get: (name) => headers[name]?.join(", ") ?? null };
}
