// The sidecar as one object: builds every part from the configuration (release store, search index, WebSub hub, MCP
// endpoint, the app), starts them in order and stops them in reverse.
import type { Hono } from "hono";
import type { Config } from "../src/config.ts";
import { createApp } from "./app.ts";
import { openHubDatabase, type PostgresOptions } from "./db/hub-database.ts";
import type { AppEnv } from "./http/env.ts";
import type { Logger } from "./log.ts";
import { createMcpService, type McpService } from "./mcp/service.ts";
import { sessionStoreOn } from "./mcp/session-store/open.ts";
import { createAdminApp } from "./ops/admin.ts";
import { watchEventLoopDelay } from "./ops/event-loop-delay.ts";
import { createSearchIndexStore, type SearchIndexStore } from "./release/index-store.ts";
import { completeRelease, filesToKeep, type OpenRelease, openRelease } from "./release/load.ts";
import { createReleaseStore, type ReleaseStore } from "./release/release-store.ts";
import { checkOrigin, verifyFiles } from "./release/verify.ts";
import { type ReleaseWatcher, watchRelease } from "./release/watch.ts";
import { listen, type RunningServer } from "./server.ts";
import { createHub, type Hub } from "./websub/hub.ts";
import type { Resolver } from "./websub/net/lookup.ts";
import { hubStoreOn } from "./websub/store/open.ts";
import type { HubStore } from "./websub/store/store.ts";

/** Connections the admin listener takes at once: a few operators' tools and health probes. */
const ADMIN_MAX_CONNECTIONS = 64;

/** Parts a test or a benchmark puts in place of the ones the configuration would make. */
export type SidecarOverrides = Readonly<{
  /** The hub's store; by default the one HUB_DB names. */
  hubStore?: HubStore;
  /** DNS for WebSub callbacks. */
  resolver?: Resolver;
  /** The clock of the hub. */
  now?: () => number;
}>;

export type SidecarOptions = Readonly<{ logger: Logger; overrides?: SidecarOverrides }>;

export type Sidecar = Readonly<{
  /** The whole HTTP surface; `app.request()` answers without a port. */
  app: Hono<AppEnv>;
  releases: ReleaseStore;
  search: SearchIndexStore;
  hub: Hub;
  mcp: McpService;
  /**
   * Starts the release watch, the hub and the MCP sweeper, then listens on HOST:PORT, then (with ADMIN_PORT) on
   * 127.0.0.1:ADMIN_PORT; resolves with the public URL.
   */
  start(): Promise<string>;
  /** The admin listener's URL once started; undefined when ADMIN_PORT is unset. */
  adminUrl(): string | undefined;
  /**
   * Stops in reverse order: the release watch, the admin listener, the server (requests in flight finish) with the MCP
   * sessions, the MCP session store, the hub (its deliveries in flight), then HUB_DB. Every failure is logged;
   * the stop then rejects with all of them.
   */
  stop(): Promise<void>;
}>;

/**
 * Loads the release DIST_DIR points at (a ReleaseError says why it cannot, e.g. one built for another origin) and
 * builds every part on it.
 */
export async function createSidecar(config: Config, options: SidecarOptions): Promise<Sidecar> {
  const { logger, overrides = {} } = options;
  const cache = { cacheBudgetBytes: config.staticCacheBytes };
  // A release is served only once it is checked: built for this origin, every file present, of its size and sha256
  // (the small ones then kept in memory). One that fails is refused: at start the start fails, on a reload the store
  // keeps serving the current one and logs why.
  const open = async (dir: string) => {
    const release = await openRelease(dir);
    checkOrigin(release, config.siteUrl);
    return release;
  };
  const check = async (opened: OpenRelease) => {
    const release = completeRelease(opened);
    await verifyFiles(release, filesToKeep(release, cache));
    return release;
  };
  const opened = await open(config.distDir);
  const [searching, checking] = await Promise.allSettled([createSearchIndexStore(opened, logger), check(opened)]);
  // A damaged file fails the check with its name, and may also fail the index that reads it: the check says why.
  const [initial, search] = [settled(checking), settled(searching)];
  const releases = createReleaseStore(initial, {
    distDir: config.distDir,
    logger,
    load: async (dir) => check(await open(dir)),
  });
  releases.onChange((_previous, next) => void search.update(next));
  // HUB_DB opened once: the hub and the MCP sessions share the handle (on PostgreSQL, one pool), closed last on stop.
  const database = openHubDatabase(config.hubDb, hubDatabaseOptions(config, logger));
  const [hubStore, sessionStore] = await Promise.all([
    overrides.hubStore ?? hubStoreOn(database),
    sessionStoreOn(database),
  ]).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const hub = createHub({
    config,
    logger,
    releases,
    store: hubStore,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  const mcp = createMcpService({
    config,
    release: releases.current,
    search,
    logger,
    sessionStore,
  });
  const app = createApp({
    config,
    release: releases.current,
    refusedRelease: releases.refused,
    logger,
    hub,
    search,
    mcp,
  });
  const adminApp = config.adminPort === undefined ? undefined : adminPart(config.adminPort);
  function adminPart(port: number) {
    const eventLoop = watchEventLoopDelay();
    return {
      app: createAdminApp({
        release: releases.current,
        refused: releases.refused,
        logger,
        hub,
        eventLoop,
        dataDir: config.dataDir,
      }),
      port,
      eventLoop,
    };
  }

  let watcher: ReleaseWatcher | undefined;
  let server: RunningServer | undefined;
  let admin: RunningServer | undefined;
  let stopping: Promise<void> | undefined;

  const start = async (): Promise<string> => {
    watcher = watchRelease({
      distDir: config.distDir,
      intervalSeconds: config.distCheckIntervalSeconds,
      check: releases.check,
      logger,
    });
    await hub.start();
    mcp.start();
    server = await listen(app, { host: config.host, port: config.port, logger, limits: config.http });
    const current = releases.current();
    logger.info(`listening on ${server.url}`, { url: server.url, release: current.id, files: current.files.size });
    if (adminApp) {
      // Loopback only, whatever HOST is: the figures are for the machine's operators, not for visitors.
      // Its own connections: health checks here keep answering when the public listener is full.
      const limits = { ...config.http, maxConnections: ADMIN_MAX_CONNECTIONS };
      admin = await listen(adminApp.app, { host: "127.0.0.1", port: adminApp.port, logger, limits });
      logger.info(`admin listening on ${admin.url}`, { url: admin.url });
    }
    return server.url;
  };

  const stop = async (): Promise<void> => {
    const failures: unknown[] = [];
    const step = async (what: string, run: () => unknown) => {
      try {
        await run();
      } catch (err) {
        logger.error(`stopping ${what} failed`, { err: err as Error });
        failures.push(err);
      }
    };
    await step("the release watch", () => watcher?.close());
    await step("the admin listener", () => admin?.close());
    adminApp?.eventLoop.stop();
    // MCP sessions hold event streams open: they end while the server finishes its requests.
    await Promise.all([step("the server", () => server?.close()), step("the MCP endpoint", () => mcp.stop())]);
    await step("the MCP session store", () => mcp.close());
    await step("the WebSub hub", () => hub.stop());
    await step("the hub database", () => database.close());
    if (failures.length > 0) throw new AggregateError(failures, "the sidecar did not stop cleanly");
  };

  return Object.freeze({
    app,
    releases,
    search,
    hub,
    mcp,
    start,
    adminUrl: () => admin?.url,
    stop: () => (stopping ??= stop()),
  });
}

function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

function hubDatabaseOptions(config: Config, logger: Logger): PostgresOptions {
  return {
    maxConnections: config.hubDbPoolSize,
    applicationName: "reviews-service-sidecar",
    onIdleError: (err) => logger.warn("hub database: an idle connection failed; the next query reconnects", { err }),
  };
}
