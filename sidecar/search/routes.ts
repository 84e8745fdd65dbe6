// GET /api/reviews/search, /since/{date} and /changes: the read API over the release's search index and change feed.
import { Hono } from "hono";
import { parseSinceDate } from "../../src/lib/schema/search.ts";
import { READ_ALLOW } from "../http/cors.ts";
import type { AppEnv } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import { changesAnswer } from "./changes.ts";
import { issuesJson, sendJson } from "./json-response.ts";
import { searchAnswers } from "./search-answers.ts";
import { sinceAnswers } from "./since-answers.ts";

/** GET /search, whose answers carry the read API's CORS headers themselves (see json-response.ts). */
export function searchRoute(indexes: SearchIndexStore): Hono<AppEnv> {
  const search = searchAnswers(indexes);
  return new Hono<AppEnv>().get("/search", (c) => search(c.req.raw));
}

/** The rest: /since/{date}, /changes and the 405s of all three. */
export function searchRoutes(indexes: SearchIndexStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const since = sinceAnswers();

  app.get("/since/:date", (c) => {
    const date = parseSinceDate(c.req.param("date"));
    if (!date.ok) return sendJson(c.req.raw, issuesJson(date.issues), 400);
    return since(c.req.raw, indexes.current(), date.value);
  });

  app.get("/changes", (c) => changesAnswer(c.req.raw, indexes.current()));

  for (const path of ["/search", "/since/:date", "/changes"]) {
    app.all(path, (c) => {
      throw new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed here; use GET or HEAD.`, {
        headers: { allow: READ_ALLOW },
      });
    });
  }
  return app;
}
