// The static answers that need nothing but memory (a 304, a HEAD, a file kept in memory), written straight to Node's
// response before any Request, Context or Response object is made; everything else goes on to the app unchanged.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { HeaderGetter } from "../http/conditional.ts";
import { createNegotiator } from "../http/negotiate.ts";
import type { Release, ReleaseFile } from "../release/release.ts";
import { decide } from "./handler.ts";

/** Answers the request and returns true, or returns false having touched nothing. */
export type AnswerAtOnce = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/** A Host the app would take as it is: a name or IPv4 address, with a port or not. Others go the app's way. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/;

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
    const host = incoming.headers.host;
    if (file === undefined || host === undefined || !PLAIN_HOST.test(host) || !routedToStatic(file)) return false;
    const decision = decide(file, headerGetter(incoming), negotiate);
    if (decision.status === 304) {
      outgoing.writeHead(304, decision.rep.notModified.headers).end();
      return true;
    }
    if (decision.status !== 200 || decision.range !== undefined) return false;
    const { rep } = decision;
    if (method === "HEAD") outgoing.writeHead(200, rep.ok.headers).end();
    else if (rep.body !== undefined) outgoing.writeHead(200, rep.ok.headers).end(rep.body);
    else return false;
    return true;
  };
}

function headerGetter(incoming: IncomingMessage): HeaderGetter {
  const { headers } = incoming;
  return {
    get: (name) => {
      const value = headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
