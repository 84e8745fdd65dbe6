// GET /reviews/<id>/: the page of one review, filled into the build's page shell from the release being served, with
// the card markup of the static pages, with ETags and 304s.
import { Hono } from "hono";
import { contentSecurityPolicyOf } from "../../src/lib/framing.ts";
import { fillShell } from "../../src/lib/html/review-shell.ts";
import { reviewPageValues } from "../../src/lib/html/review-page.ts";
import { reviewPath } from "../../src/lib/html/review-card.ts";
import type { AppEnv } from "../http/env.ts";
import { notFound } from "../http/errors.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import type { Release } from "../release/release.ts";
import { sendHtml } from "./html-answer.ts";
import type { ReviewSources } from "./review-sources.ts";

export type ReviewPageDeps = Readonly<{
  release: () => Release;
  search: SearchIndexStore;
  siteUrl: string;
  /** Per release: the page shell, positions by id and display names (shared with the search page). */
  sources: ReviewSources;
}>;

export function reviewPageRoutes(deps: ReviewPageDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { sources } = deps;
  const csp = contentSecurityPolicyOf("/reviews/");

  // A file the release publishes under /reviews/ (none today) is served as a file.
  app.on(["GET", "HEAD"], "/reviews/:id/", async (c, next) => {
    const served = deps.release();
    if (served.files.has(new URL(c.req.url).pathname)) return next();
    const indexed = deps.search.current();
    const at = indexed.position(c.req.param("id"));
    if (at === undefined) throw notFound();
    const values = reviewPageValues(indexed.index.review(at), {
      business: indexed.business,
      names: sources.names(indexed),
      origin: deps.siteUrl,
    });
    const html = fillShell(await sources.shell(served), values);
    return sendHtml(c.req.raw, html, { updatedAt: served.manifest.updated_at, csp });
  });
  app.on(["GET", "HEAD"], "/reviews/:id", async (c, next) => {
    const id = c.req.param("id");
    if (deps.release().files.has(`/reviews/${id}`)) return next();
    if (deps.search.current().position(id) === undefined) return next();
    const query = new URL(c.req.url).search;
    return new Response(null, { status: 308, headers: { location: reviewPath(id) + query } });
  });
  return app;
}
