// GET /api/reviews/search, /since/{date} and /changes: the read API over the release's search index and change feed.
import { Hono } from "hono";
import { parseSinceDate } from "../../src/lib/schema/search.ts";
import type { AppEnv } from "../http/env.ts";
import { preflightResponse, READ_ALLOW } from "../http/cors.ts";
import { ApiError } from "../http/errors.ts";
import type { Lru } from "../http/lru.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import { chooseCoding, issuesJson, queryOf, type Rendered, renderJson, send } from "./json-response.ts";
import { createSearchAnswers } from "./search-answers.ts";
import { sinceAnswers } from "./since-answers.ts";
import { changesAnswers } from "./changes.ts";

/** `responses`: the answers kept (`createResponseCache`), shared with those the server sends at once. */
export function searchRoutes(indexes: SearchIndexStore, responses: Lru<Rendered>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const search = createSearchAnswers(indexes, responses);
  const since = sinceAnswers(responses);
  const changes = changesAnswers(responses);

  app.get("/search", async (c) => {
    const req = c.req.raw;
    return send(await search.answer(queryOf(req.url), req.headers.get("accept-encoding")), req);
  });

  app.get("/since/:date", async (c) => {
    const req = c.req.raw;
    const date = parseSinceDate(c.req.param("date"));
    if (!date.ok) {
      const body = issuesJson(date.issues);
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
