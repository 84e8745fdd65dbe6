// The static answers that need nothing but memory (`fromMemory`: a 304, a file kept in memory), written
// straight to Node's response before any Request, Context or Response object is made; the rest goes on to the app.
import type { Hono } from "hono";
import { type AnswerAtOnce, headerGetter, plainHost } from "../http/at-once.ts";
import type { AppEnv } from "../http/env.ts";
import { createNegotiator } from "../http/negotiate.ts";
import type { Release, ReleaseFile } from "../release/release.ts";
import { decide, fromMemory } from "./handler.ts";

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
    if (method !== "GET" || url === undefined || url.includes("%")) return false;
    const file = currentRelease().files.get(url);
    const raw = incoming.rawHeaders;
    if (file === undefined || !plainHost(raw) || !routedToStatic(file)) return false;
    const ready = fromMemory(decide(file, headerGetter(raw), negotiate), method);
    if (!ready) return false;
    outgoing.writeHead(ready.init.status, ready.init.headers).end(ready.body ?? undefined);
    return true;
  };
}
