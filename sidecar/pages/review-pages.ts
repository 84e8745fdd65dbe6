// GET /reviews/<id>/: the page of one review, filled into the build's page shell from the release being served, with
// the card markup of the static pages, with ETags and 304s.
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { httpDate } from "../../src/lib/dates.ts";
import { contentSecurityPolicyOf } from "../../src/lib/framing.ts";
import { fillShell } from "../../src/lib/html/review-shell.ts";
import { reviewPageValues } from "../../src/lib/html/review-page.ts";
import { reviewPath } from "../../src/lib/html/review-card.ts";
import type { AppEnv } from "../http/env.ts";
import { notFound } from "../http/errors.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import type { Coding, Release } from "../release/release.ts";
import {
  chooseCoding,
  codedValidators,
  DYNAMIC_CACHE_CONTROL,
  encodeBody,
  type Rendered,
  send,
} from "../search/json-response.ts";
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

  const render = async (id: string, coding: Coding, served: Release): Promise<Rendered | undefined> => {
    const indexed = deps.search.current();
    const at = indexed.position(id);
    if (at === undefined) return undefined;
    const review = indexed.index.review(at);
    const values = reviewPageValues(review, {
      business: indexed.business,
      names: sources.names(indexed),
      origin: deps.siteUrl,
    });
    const html = Buffer.from(fillShell(await sources.shell(served), values));
    const sha = createHash("sha256").update(html).digest();
    const lastModified = httpDate(served.manifest.updated_at);
    const validators = codedValidators(
      {
        etag: `"${sha.subarray(0, 16).toString("base64url")}"`,
        lastModified,
        lastModifiedMs: Date.parse(lastModified),
      },
      coding,
    );
    const bytes = await encodeBody(html, coding);
    const common = {
      "cache-control": DYNAMIC_CACHE_CONTROL,
      vary: "Accept-Encoding",
      etag: validators.etag,
      "last-modified": lastModified,
    };
    const headers: Record<string, string> = {
      "content-type": "text/html; charset=utf-8",
      "content-length": String(bytes.length),
      "content-security-policy": csp,
      "x-content-type-options": "nosniff",
      ...common,
    };
    if (coding !== "identity") headers["content-encoding"] = coding;
    return { status: 200, headers, bytes, validators, notModifiedHeaders: common };
  };

  // A file the release publishes under /reviews/ (none today) is served as a file.
  app.on(["GET", "HEAD"], "/reviews/:id/", async (c, next) => {
    const served = deps.release();
    if (served.files.has(new URL(c.req.url).pathname)) return next();
    const req = c.req.raw;
    const rendered = await render(c.req.param("id"), chooseCoding(req.headers.get("accept-encoding"), 2048), served);
    if (!rendered) throw notFound();
    return send(rendered, req);
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
