// Builds the sidecar's Hono app from the parts it serves; no port is opened here (see server.ts).
import { Hono } from "hono";
import type { Config } from "../src/config.ts";
import { clientAddressFrom } from "./http/client-address.ts";
import { readApiCors } from "./http/cors.ts";
import type { AppEnv } from "./http/env.ts";
import { errorHandler, notFoundHandler } from "./http/errors.ts";
import type { Logger } from "./log.ts";
import type { McpService } from "./mcp/service.ts";
import { opsRoutes } from "./ops/routes.ts";
import { reviewPageRoutes } from "./pages/review-pages.ts";
import { createReviewSources } from "./pages/review-sources.ts";
import { searchPageRoutes } from "./pages/search-page.ts";
import type { SearchIndexStore } from "./release/index-store.ts";
import type { Release } from "./release/release.ts";
import type { RefusedRelease } from "./release/release-store.ts";
import { searchRoute, searchRoutes } from "./search/routes.ts";
import { staticHandler } from "./static/handler.ts";
import type { Hub } from "./websub/hub.ts";

export type AppParts = Readonly<{
  config: Config;
  /** The release to serve from; read once per request so a reload never changes a response half-way. */
  release: () => Release;
  /** The release DIST_DIR points at when it was refused; /api/status shows it. */
  refusedRelease?: () => RefusedRelease | undefined;
  logger: Logger;
  /** The search index of the release being served; absent in tests of the static side alone. */
  search?: SearchIndexStore;
  /** The WebSub hub; absent in tests that build the app without one (its routes are then not mounted). */
  hub?: Hub;
  /** The MCP endpoint; absent in tests that build the app without one (/mcp is then not mounted). */
  mcp?: McpService;
}>;

export function createApp(parts: AppParts): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(parts.logger, clientAddressFrom(parts.config.trustProxy)));
  app.notFound(notFoundHandler);

  // Routes answer in the order they are added: these carry their own CORS (MCP's allowed origins) or none.
  const ops = {
    release: parts.release,
    logger: parts.logger,
    dataDir: parts.config.dataDir,
    ...(parts.refusedRelease ? { refused: parts.refusedRelease } : {}),
  };
  app.route("/", opsRoutes({ ...ops, ...(parts.hub ? { hub: parts.hub } : {}) }));
  if (parts.hub) app.route("/api/websub", parts.hub.routes);
  if (parts.mcp) app.route("/mcp", parts.mcp.routes);

  // The read API: the files of the release, the search and the pages made from it. Search answers are kept rendered
  // with their CORS headers, so their route comes before the CORS middleware, which would rebuild each one to add them.
  if (parts.search) app.route("/api/reviews", searchRoute(parts.search));
  app.use("*", readApiCors);
  if (parts.search) {
    app.route("/api/reviews", searchRoutes(parts.search));
    // Made once per release and shared: review pages and the search page read the same names.
    const sources = createReviewSources();
    const deps = { release: parts.release, search: parts.search, sources };
    app.route("/", reviewPageRoutes({ ...deps, siteUrl: parts.config.siteUrl }));
    app.route("/", searchPageRoutes(deps));
  }
  app.all("*", staticHandler(parts.release));
  return app;
}
