// The configuration as the rest of the project reads it: what src/config.ts makes of the environment.
import type { SyncConfig } from "./sync/types.ts";

export type Config = Readonly<{
  port: number;
  /** Port of the admin listener (127.0.0.1 only, full /api/status); undefined when it is off. */
  adminPort: number | undefined;
  host: string;
  /** The public origin; unset, the address the sidecar listens on (http://localhost:4321 by default). */
  siteUrl: string;
  /** Whether SITE_URL was set: unset, a build warns that it builds for localhost. */
  siteUrlSet: boolean;
  dataDir: string;
  distDir: string;
  /** The hub database: a SQLite file path, or a postgres:// URL when several replicas share the hub. */
  hubDb: string;
  /**
   * Connections of the one PostgreSQL pool a process opens on HUB_DB (unused with SQLite): the WebSub hub and the MCP
   * sessions share it, the sessions holding at most half of it at once.
   */
  hubDbPoolSize: number;
  /** CIDRs of reverse proxies whose X-Forwarded-For names the client; empty: it is ignored (as Forwarded always is). */
  trustProxy: readonly string[];
  distCheckIntervalSeconds: number;
  /** Limits of the public listener's connections. */
  http: ServerLimits;
  /**
   * What the build may publish although it looks like a mistake (`npm run build -- --allow-empty --allow-shrink`):
   * a release without reviews, one with fewer than half of the live release's.
   */
  build: Readonly<{ allowEmpty: boolean; allowShrink: boolean }>;
  /** Bytes of a release's small files (and their .br/.gz) kept in memory, smallest first; the rest is read from disk. */
  staticCacheBytes: number;
  websub: Readonly<{
    callbackAllow: readonly string[];
    retryDelaysSeconds: readonly number[];
    lease: Readonly<{ default: number; min: number; max: number }>;
    /** Outbound requests (verifications, deliveries, denials) in flight at once. */
    concurrency: number;
    /** Requests to the hub per client and minute. */
    rateLimitPerMinute: number;
    maxSubscriptionsPerTopic: number;
    maxSubscriptionsPerHost: number;
    /** How long a claimed verification or delivery stays claimed before another worker may take it over. */
    claimTtlSeconds: number;
    verifyTimeoutSeconds: number;
    deliveryTimeoutSeconds: number;
    /** node-cron pattern (with seconds) of the sweep that removes expired subscriptions. */
    sweepCron: string;
  }>;
  mcp: Readonly<{
    allowedOrigins: readonly string[];
    sessionTtlSeconds: number;
    /** Live sessions across every replica sharing HUB_DB. */
    maxSessions: number;
    /** Live sessions one client address may hold, across replicas. */
    maxSessionsPerClient: number;
    /** New sessions one client address may open per minute, across replicas. */
    sessionRatePerClient: number;
    /** HMAC key of session ids: replicas that share it accept each other's sessions. Random per process when unset. */
    sessionSecret: string;
  }>;
  /** `npm run sync`: the platforms configured (null: that source is not set up) and the listing's bounds. */
  sync: SyncConfig;
}>;

export type ServerLimits = Readonly<{
  /** A connection that has not sent a request's headers within this is closed (408). */
  headersTimeoutSeconds: number;
  /** A request not received whole (headers and body) within this is closed (408). */
  requestTimeoutSeconds: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutSeconds: number;
  /** A connection whose answer makes no progress (the client stopped reading) for this long is closed. */
  sendTimeoutSeconds: number;
  /** Open connections at most; beyond them new ones are closed at once. */
  maxConnections: number;
}>;

/** Thrown when the environment holds a value the service cannot run with. */
