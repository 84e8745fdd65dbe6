// The MCP endpoint as one unit the sidecar mounts and stops: routes at /mcp (the SDK's 2026-07-28 handler beside the
// 2025 sessions of the shared store), the sweeper, and release news for both generations.
import { createMcpHandler } from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import type { Config } from "../../src/config.ts";
import type { Release } from "../release/release.ts";
import type { Logger } from "../log.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import { createSnapshotSource } from "./data/snapshot.ts";
import { MAX_BODY_BYTES } from "./http/body.ts";
import { guardPolicy } from "./http/guard.ts";
import { mcpRoutes } from "./http/routes.ts";
import { clientAddressFrom } from "../http/client-address.ts";
import { createReleaseNews } from "./release-news.ts";
import { createMcpServer } from "./server.ts";
import { sessionIds } from "./session-store/session-id.ts";
import type { McpSessionStore } from "./session-store/store.ts";
import { createSessions } from "./sessions.ts";
import { createToolRegistry } from "./tool-registry.ts";

export type McpService = ReturnType<typeof createMcpService>;

type McpServiceDeps = Readonly<{
  config: Config;
  release: () => Release;
  search: SearchIndexStore;
  logger: Logger;
  /** Where sessions live: the database HUB_DB names (session-store/open.ts), closed by close(). */
  sessionStore: McpSessionStore;
}>;

/** How often idle sessions are looked for and a new release is noticed: a few seconds, never more than half the TTL. */
const TICK_MAX_MS = 5000;

export function createMcpService(deps: McpServiceDeps) {
  const { config, logger } = deps;
  const ttlMs = config.mcp.sessionTtlSeconds * 1000;
  const data = createSnapshotSource({ release: deps.release, search: deps.search, siteUrl: config.siteUrl });
  const store = deps.sessionStore;
  const tools = createToolRegistry();
  const serverDeps = { tools, data, validator: new AjvJsonSchemaValidator(), logger };
  const sessions = createSessions({
    ...serverDeps,
    store,
    ids: sessionIds(config.mcp.sessionSecret),
    limits: {
      ttlMs,
      max: config.mcp.maxSessions,
      maxPerClient: config.mcp.maxSessionsPerClient,
      perClientPerMinute: config.mcp.sessionRatePerClient,
    },
  });
  // 2025 requests are routed to the sessions before this handler sees them, so it refuses any that slip through.
  // Two handlers, the same but for the apps: a 2026-07-28 request's capabilities (in its `_meta`) pick one, since the
  // capabilities server/discover advertises are the server's, fixed when the handler builds it.
  const modernFor = (apps: boolean) =>
    createMcpHandler(() => createMcpServer(serverDeps, { era: "modern", apps }), {
      legacy: "reject",
      maxRequestBodySize: MAX_BODY_BYTES,
    });
  const modern = modernFor(false);
  const modernApps = modernFor(true);
  const news = createReleaseNews(data, {
    resourceUpdated: (uri) => {
      modern.notify.resourceUpdated(uri);
      modernApps.notify.resourceUpdated(uri);
    },
  });
  const routes = mcpRoutes({
    modern,
    modernApps,
    sessions,
    tools,
    clientAddress: clientAddressFrom(config.trustProxy),
    policy: guardPolicy(config.siteUrl, config.mcp.allowedOrigins),
    siteUrl: config.siteUrl,
    logger,
  });

  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const closed = await sessions.sweep();
    if (closed > 0) logger.info("MCP sessions closed after their idle TTL", { closed, open: sessions.count() });
    news.check();
    await sessions.notifyRelease();
  };
  let ticking: Promise<void> | undefined;
  const tickOnce = () => {
    // A slow store must not stack sweeps up.
    ticking ??= tick()
      .catch((err: unknown) => logger.warn("MCP session upkeep failed", { err: err as Error }))
      .finally(() => (ticking = undefined));
  };

  return Object.freeze({
    /** Mounted at /mcp. */
    routes,
    /** Starts the sweeper (idle sessions, release notifications). */
    start: () => {
      timer ??= setInterval(tickOnce, Math.max(100, Math.min(TICK_MAX_MS, ttlMs / 2)));
      timer.unref();
    },
    /** Closes every 2026-07-28 exchange and this replica's sessions; they stay open for other replicas. */
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await ticking;
      await Promise.all([sessions.closeAll(), modern.close(), modernApps.close()]);
    },
    /** Closes the session store, once no request can reach it any more. */
    close: () => store.close(),
    sessionCount: sessions.count,
  });
}
