// Builds the sidecar's Hono app from one context object; no port is opened here (see server.ts).
import { Hono } from "hono";
import type { AppContext, AppEnv } from "./context.ts";
import { errorHandler, notFoundHandler } from "./http/errors.ts";
import { opsRoutes } from "./ops/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { staticHandler } from "./static/handler.ts";

export function createApp(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(ctx.logger));
  app.notFound(notFoundHandler);

  // Dynamic routes are mounted here, before the static fallback.
  // Add no `app.use("*", ...)` middleware: it would put every static request on the slow (async) path.

  if (ctx.search) app.route("/api/reviews", searchRoutes(ctx.search));
  app.route("/", opsRoutes({ site: ctx.site, logger: ctx.logger, ...(ctx.hub ? { hub: ctx.hub } : {}) }));
  if (ctx.hub) app.route("/api/websub", ctx.hub.routes);
  if (ctx.mcp) app.route("/mcp", ctx.mcp.routes);

  app.all("*", staticHandler(ctx.site));
  return app;
}
