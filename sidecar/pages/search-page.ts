// GET /search/?<query>: the static search page with the results of its query in place, for browsers that run no script
// (where the page's script runs, it fetches /api/reviews/search and renders the same cards itself). Without a query
// string the static file is served as it is.
import { readFile } from "node:fs/promises";
import { Hono } from "hono";
import { contentSecurityPolicyOf } from "../../src/lib/framing.ts";
import { fillSearchForm } from "../../src/lib/html/search-form.ts";
import { searchPageWithResults, type SearchAnswer } from "../../src/lib/html/search-results.ts";
import { parseSearchQuery } from "../../src/lib/schema/search.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import type { AppEnv } from "../http/env.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import type { Release } from "../release/release.ts";
import { sendHtml } from "./html-answer.ts";
import type { ReviewSources } from "./review-sources.ts";

export type SearchPageDeps = Readonly<{ release: () => Release; search: SearchIndexStore; sources: ReviewSources }>;

export function searchPageRoutes(deps: SearchPageDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { sources } = deps;
  const csp = contentSecurityPolicyOf("/search/");

  app.on(["GET", "HEAD"], "/search/", async (c, next) => {
    const url = new URL(c.req.url);
    const file = deps.release().files.get("/search/");
    if (url.search.length <= 1 || !file) return next();
    const indexed = deps.search.current();
    // A form sends its empty fields too: they mean "any", as the page's script reads them.
    const query = new URLSearchParams([...url.searchParams].filter(([, value]) => value !== ""));
    const parsed = parseSearchQuery(query);
    const answer: SearchAnswer = parsed.ok ? searchReviews(indexed.index, parsed.value) : parsed;
    const page = Buffer.from(file.identity.body ?? (await readFile(file.identity.file))).toString("utf8");
    const names = sources.names(indexed);
    const html = searchPageWithResults(fillSearchForm(page, query), answer, query, names, indexed.business.name);
    // A page built without the slots (by other code) still works: its script answers.
    if (html === null) return next();
    const updatedAt = deps.release().manifest.updated_at;
    return sendHtml(c.req.raw, html, { updatedAt, csp, status: answer.ok ? 200 : 400 });
  });
  return app;
}
