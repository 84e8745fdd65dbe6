// The MCP endpoint as one unit the sidecar mounts and stops: routes at /mcp, the session store and its sweeper.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import type { Hono } from "hono";
import type { Config } from "../../src/config.ts";
import type { AppEnv } from "../http/env.ts";
import type { Release } from "../release/release.ts";
import type { Logger } from "../log.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import { createSnapshotSource } from "./data/snapshot.ts";
import { guardPolicy } from "./http/guard.ts";
import { mcpRoutes } from "./http/routes.ts";
import { sessionIds } from "./session-store/session-id.ts";
import { openSqliteSessionStore } from "./session-store/sqlite.ts";
import type { McpSessionStore } from "./session-store/store.ts";
import { createSessions } from "./sessions.ts";
import { createToolRegistry } from "./tool-registry.ts";

export type McpService = Readonly<{
  /** Mounted at /mcp. */
  routes: Hono<AppEnv>;
  /** Starts the sweeper (idle sessions, release notifications). */
  start: () => void;
  /** Stops the sweeper and closes this replica's sessions (their event streams end; they stay open for others). */
  stop: () => Promise<void>;
  /** Closes the session store, once no request can reach it any more. */
  close: () => Promise<void>;
  /** Sessions this replica holds a transport for. */
  sessionCount: () => number;
}>;

export type McpServiceDeps = Readonly<{
  config: Config;
  release: () => Release;
  search: SearchIndexStore;
  logger: Logger;
  /** Where sessions live; by default the SQLite file HUB_DB names. */
  sessionStore?: McpSessionStore;
}>;

/** How often idle sessions are looked for and a new release is noticed: a few seconds, never more than half the TTL. */
const TICK_MAX_MS = 5000;
/** Once this many sessions have been closed and the sweeps have caught up (or far more), a heap check follows. */
const HEAP_CHECK_AFTER_CLOSED = 500;
const HEAP_CHECK_INTERVAL_MS = 60_000;

export function createMcpService(deps: McpServiceDeps): McpService {
  const { config, logger } = deps;
  const ttlMs = config.mcp.sessionTtlSeconds * 1000;
  const data = createSnapshotSource({ release: deps.release, search: deps.search, siteUrl: config.siteUrl });
  const store = deps.sessionStore ?? openSqliteSessionStore(config.hubDb);
  const tools = createToolRegistry();
  const sessions = createSessions({
    tools,
    data,
    validator: new AjvJsonSchemaValidator(),
    logger,
    store,
    ids: sessionIds(config.mcp.sessionSecret),
    limits: {
      ttlMs,
      max: config.mcp.maxSessions,
      maxPerClient: config.mcp.maxSessionsPerClient,
      perClientPerMinute: config.mcp.sessionRatePerClient,
    },
  });
  const routes = mcpRoutes({ sessions, tools, policy: guardPolicy(config.siteUrl, config.mcp.allowedOrigins), logger });

  let timer: NodeJS.Timeout | undefined;
  let closedSinceCheck = 0;
  let lastCheck = 0;
  const tick = async () => {
    const closed = await sessions.sweep();
    if (closed > 0) logger.info("MCP sessions closed after their idle TTL", { closed, open: sessions.count() });
    closedSinceCheck += closed;
    const burstOver = closed === 0 || closedSinceCheck >= 20 * HEAP_CHECK_AFTER_CLOSED;
    if (closedSinceCheck >= HEAP_CHECK_AFTER_CLOSED && burstOver && Date.now() - lastCheck >= HEAP_CHECK_INTERVAL_MS) {
      // Closing transports is asynchronous: check on the next tick, when they have let go.
      closedSinceCheck = 0;
      lastCheck = Date.now();
      setTimeout(() => {
        const alive = sessions.heapCheck();
        const fields = { alive, open: sessions.count() };
        if (alive !== null && alive > fields.open + 16)
          logger.warn("closed MCP sessions are still on the heap", fields);
        else logger.info("MCP heap check after closing sessions", fields);
      }, 100).unref();
    }
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
    routes,
    start: () => {
      timer ??= setInterval(tickOnce, Math.max(100, Math.min(TICK_MAX_MS, ttlMs / 2)));
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await ticking;
      await sessions.closeAll();
    },
    close: () => store.close(),
    sessionCount: sessions.count,
  });
}
