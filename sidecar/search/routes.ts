// GET /api/reviews/search, /since/{date} and /changes: the read API over the release's search index and change feed.
import { Hono } from "hono";
import type { ValidationIssue } from "../../src/lib/schema/errors.ts";
import { parseSearchQuery, parseSinceDate } from "../../src/lib/schema/search.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import type { AppEnv } from "../http/env.ts";
import { preflightResponse, READ_ALLOW } from "../http/cors.ts";
import { ApiError } from "../http/errors.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import { acceptedCodings, chooseCoding, type Rendered, renderJson, send } from "./json-response.ts";
import { createLru } from "../http/lru.ts";
import { sinceAnswers } from "./since-answers.ts";
import { changesAnswers } from "./changes.ts";

/** Answers are a pure function of (release, query string, accepted codings): popular searches are served from memory. */
const RESPONSE_CACHE_BYTES = 64 * 2 ** 20;
const MAX_CACHED_QUERY = 1024;

export function searchRoutes(indexes: SearchIndexStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const responses = createLru<Rendered>(RESPONSE_CACHE_BYTES);
  const since = sinceAnswers(responses);
  const changes = changesAnswers(responses);

  // Synchronous on a cache hit: node-server then writes the response without awaiting a promise.
  app.get("/search", (c): Response | Promise<Response> => {
    const req = c.req.raw;
    const url = req.url;
    const qs = url.indexOf("?") === -1 ? "" : url.slice(url.indexOf("?") + 1);
    const release = indexes.current();
    const acceptEncoding = req.headers.get("accept-encoding");
    const key = `${release.releaseId}\0${acceptedCodings(acceptEncoding)}\0${qs}`;
    const cached = qs.length <= MAX_CACHED_QUERY ? responses.get(key) : undefined;
    if (cached) return send(cached, req);
    return answer(release, qs, acceptEncoding, key).then((rendered) => send(rendered, req));
  });

  const answer = async (
    release: ReturnType<SearchIndexStore["current"]>,
    qs: string,
    acceptEncoding: string | null,
    key: string,
  ) => {
    let status = 400;
    let body: string;
    const parsed = parseSearchQuery(new URLSearchParams(qs));
    if (!parsed.ok) body = issuesBody(parsed.issues);
    else {
      const outcome = searchReviews(release.index, parsed.value);
      if (outcome.ok) [status, body] = [200, JSON.stringify(outcome.result)];
      else body = issuesBody(outcome.issues);
    }
    const rendered = await renderJson(body, chooseCoding(acceptEncoding, body.length), status);
    if (qs.length <= MAX_CACHED_QUERY) responses.set(key, rendered, rendered.bytes.length + key.length * 2 + 512);
    return rendered;
  };

  app.get("/since/:date", async (c) => {
    const req = c.req.raw;
    const date = parseSinceDate(c.req.param("date"));
    if (!date.ok) {
      const body = issuesBody(date.issues);
      return send(await renderJson(body, chooseCoding(req.headers.get("accept-encoding"), body.length), 400), req);
    }
    return since(req, indexes.current(), date.value);
  });

  app.get("/changes", (c) => changes(c.req.raw, indexes.current()));

  for (const path of ["/search", "/since/:date", "/changes"]) {
    app.all(path, (c) => {
      if (c.req.method === "OPTIONS") return preflightResponse();
      throw new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed here; use GET or HEAD.`, {
        headers: { allow: READ_ALLOW },
      });
    });
  }
  return app;
}

function issuesBody(issues: ValidationIssue[]): string {
  return JSON.stringify({ issues });
}
