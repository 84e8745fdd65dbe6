// GET /api/reviews/search and GET /api/reviews/since/{date}: the read API over the release's search index.
import { Hono } from "hono";
import type { ValidationIssue } from "../../src/lib/schema/errors.ts";
import { parseSearchQuery, parseSinceDate } from "../../src/lib/schema/search.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import type { AppEnv } from "../context.ts";
import { ApiError } from "../http/errors.ts";
import type { SearchIndexStore } from "./index-store.ts";
import { jsonResponse } from "./json-response.ts";
import { createSinceCache } from "./since-cache.ts";

const ALLOW = "GET, HEAD";

export function searchRoutes(indexes: SearchIndexStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const since = createSinceCache();

  app.get("/search", (c) => {
    const url = c.req.url;
    const qs = url.indexOf("?");
    const parsed = parseSearchQuery(new URLSearchParams(qs === -1 ? "" : url.slice(qs + 1)));
    if (!parsed.success) return issues(parsed.issues, c.req.raw);
    const outcome = searchReviews(indexes.current().index, parsed.data);
    if (!outcome.ok) return issues(outcome.issues, c.req.raw);
    return jsonResponse(JSON.stringify(outcome.result), { headers: c.req.raw.headers, method: c.req.method });
  });

  app.get("/since/:date", (c) => {
    const date = parseSinceDate(c.req.param("date"));
    if (!date.success) return issues(date.issues, c.req.raw);
    const answer = since(indexes.current(), date.data);
    return jsonResponse(answer.body, { headers: c.req.raw.headers, method: c.req.method, validators: answer.validators });
  });

  for (const path of ["/search", "/since/:date"]) {
    app.all(path, (c) => {
      if (c.req.method === "OPTIONS") return new Response(null, { status: 204, headers: { allow: ALLOW, "access-control-allow-origin": "*" } });
      throw new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed here; use GET or HEAD.`, { headers: { allow: ALLOW } });
    });
  }
  return app;
}

function issues(list: ValidationIssue[], req: Request): Promise<Response> {
  return jsonResponse(JSON.stringify({ issues: list }), { headers: req.headers, method: req.method, status: 400 });
}
