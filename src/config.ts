// The one place the environment is read: every knob of the build and the sidecar, typed and frozen.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { validate as isCronPattern } from "node-cron";
import { z } from "zod";
import { apiUrl, csv, isCidr, isOrigin, port, seconds } from "./config-values.ts";

const EnvSchema = z.object({
  PORT: port.default(4321),
  ADMIN_PORT: port.optional(),
  HOST: z.string().min(1).default("127.0.0.1"),
  SITE_URL: z
    .string()
    .min(1, "set but empty: set it to the public origin, or unset it to build for http://localhost:PORT")
    .pipe(
      z
        .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL, e.g. https://reviews.example.com" })
        .refine(isOrigin, "expected an origin: scheme, host and port only (no path, query, fragment or user)"),
    )
    .optional(),
  DATA_DIR: z.string().min(1).default("data"),
  DIST_DIR: z.string().min(1).default("dist"),
  HUB_DB: z
    .string()
    .min(1)
    .refine(
      (v) => !v.includes("://") || /^postgres(ql)?:\/\/./i.test(v),
      "expected a file path (SQLite) or a postgres:// URL (PostgreSQL)",
    )
    .default("var/hub.sqlite"),
  HUB_DB_POOL_SIZE: z.coerce
    .number()
    .int("expected a whole number of connections, e.g. 10")
    .min(2, "expected at least 2: MCP sessions hold at most half the pool, and the WebSub hub needs the rest")
    .max(1000, "expected at most 1000 connections")
    .default(10),
  TRUST_PROXY: csv
    .pipe(z.array(z.string().refine(isCidr, "expected IP addresses or CIDRs, e.g. 127.0.0.1/32,10.0.0.0/8")))
    .default([]),
  DIST_CHECK_INTERVAL: seconds.default(5),
  HTTP_HEADERS_TIMEOUT: seconds.default(30),
  HTTP_REQUEST_TIMEOUT: seconds.default(60),
  HTTP_KEEP_ALIVE_TIMEOUT: seconds.default(5),
  HTTP_SEND_TIMEOUT: seconds.default(30),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4096),
  STATIC_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  WEBSUB_CALLBACK_ALLOW: csv.default([]),
  WEBSUB_RETRY_DELAYS: csv.pipe(z.array(z.coerce.number<string>().int().min(0)).length(2)).default([60, 600]),
  WEBSUB_LEASE_DEFAULT: seconds.default(864000),
  WEBSUB_LEASE_MIN: seconds.default(3600),
  WEBSUB_LEASE_MAX: seconds.default(2592000),
  WEBSUB_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(32),
  WEBSUB_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  WEBSUB_MAX_PER_TOPIC: z.coerce.number().int().min(1).default(10000),
  WEBSUB_MAX_PER_HOST: z.coerce.number().int().min(1).default(100),
  WEBSUB_CLAIM_TTL: seconds.max(60).default(60),
  WEBSUB_VERIFY_TIMEOUT: seconds.default(10),
  WEBSUB_DELIVERY_TIMEOUT: seconds.default(10),
  WEBSUB_SWEEP_CRON: z
    .string()
    .min(1)
    .refine((p) => isCronPattern(p), 'expected a node-cron pattern, e.g. "0 * * * * *"')
    .default("0 * * * * *"),
  MCP_ALLOWED_ORIGINS: csv.optional(),
  BUILD_ALLOW: csv.pipe(z.array(z.enum(["empty", "shrink"]))).default([]),
  MCP_SESSION_TTL: seconds.default(1800),
  MCP_MAX_SESSIONS: seconds.default(10000),
  MCP_MAX_SESSIONS_PER_CLIENT: z.coerce.number().int().min(1).default(50),
  MCP_SESSION_RATE_PER_CLIENT: z.coerce.number().int().min(1).default(60),
  MCP_SESSION_SECRET: z
    .string()
    .min(32, "expected at least 32 characters (e.g. `openssl rand -hex 32`), the same on every replica")
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_REFRESH_TOKEN: z.string().min(1).optional(),
  GOOGLE_LOCATION: z
    .string()
    .regex(/^accounts\/[^/\s]+\/locations\/[^/\s]+$/, "expected accounts/<id>/locations/<id> (docs/sync.md)")
    .optional(),
  GOOGLE_API_URL: apiUrl.default("https://mybusiness.googleapis.com"),
  GOOGLE_TOKEN_URL: z
    .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" })
    .default("https://oauth2.googleapis.com/token"),
  TRUSTPILOT_API_KEY: z.string().min(1).optional(),
  TRUSTPILOT_BUSINESS_UNIT_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, "expected the business unit id, letters and digits (see docs/sync.md)")
    .optional(),
  TRUSTPILOT_API_URL: apiUrl.default("https://api.trustpilot.com"),
  SYNC_MAX_PAGES: z.coerce.number().int().min(1).max(100000).default(5000),
  SYNC_MAX_REVIEWS: z.coerce.number().int().min(1).max(10000000).default(250000),
  SYNC_TIMEOUT: seconds.max(600).default(30),
});

/** The configuration as the rest of the project reads it: what `loadConfig` makes of the environment. */
export type Config = ReturnType<typeof loadConfig>;
/** Limits of the public listener's connections. */
export type ServerLimits = Config["http"];

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The project directory's `.env` file: every command (build, start, serve, export, sync) reads the same one. */
const ENV_FILE = new URL("../.env", import.meta.url);

/**
 * `env` (the process environment) over the variables of the `.env` file `file` (the project's), when there is one: a
 * variable set in the environment wins over the file's.
 */
export function environment(
  file: string | URL = ENV_FILE,
  env: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return env;
    throw new ConfigError(`.env: cannot be read (${(err as Error).message})`);
  }
  return { ...parseEnv(text), ...env };
}

/**
 * Reads the configuration from `env` (the process environment over the project's `.env` file unless told otherwise).
 * Empty values count as unset, except SITE_URL's: an empty one is more likely a deployment variable gone missing than a
 * wish for localhost.
 */
export function loadConfig(env: Record<string, string | undefined> = environment()) {
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== undefined && (v !== "" || k === "SITE_URL")),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const siteUrl = e.SITE_URL === undefined ? defaultSiteUrl(e.HOST, e.PORT) : new URL(e.SITE_URL).origin;
  if (!(e.WEBSUB_LEASE_MIN <= e.WEBSUB_LEASE_DEFAULT && e.WEBSUB_LEASE_DEFAULT <= e.WEBSUB_LEASE_MAX)) {
    throw new ConfigError(
      `Invalid environment:\n  WEBSUB_LEASE_*: expected MIN <= DEFAULT <= MAX, got ${e.WEBSUB_LEASE_MIN} / ${e.WEBSUB_LEASE_DEFAULT} / ${e.WEBSUB_LEASE_MAX}`,
    );
  }
  if (e.HTTP_HEADERS_TIMEOUT > e.HTTP_REQUEST_TIMEOUT) {
    throw new ConfigError(
      `Invalid environment:\n  HTTP_HEADERS_TIMEOUT: expected at most HTTP_REQUEST_TIMEOUT (the headers are part of the request), got ${e.HTTP_HEADERS_TIMEOUT} / ${e.HTTP_REQUEST_TIMEOUT}`,
    );
  }
  if (e.WEBSUB_CLAIM_TTL <= Math.max(e.WEBSUB_VERIFY_TIMEOUT, e.WEBSUB_DELIVERY_TIMEOUT)) {
    throw new ConfigError(
      `Invalid environment:\n  WEBSUB_CLAIM_TTL: expected more than WEBSUB_VERIFY_TIMEOUT and WEBSUB_DELIVERY_TIMEOUT (a claim must outlive the attempt it covers), got ${e.WEBSUB_CLAIM_TTL} / ${e.WEBSUB_VERIFY_TIMEOUT} / ${e.WEBSUB_DELIVERY_TIMEOUT}`,
    );
  }
  const google = sourceGroup("Google", {
    GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET,
    GOOGLE_REFRESH_TOKEN: e.GOOGLE_REFRESH_TOKEN,
    GOOGLE_LOCATION: e.GOOGLE_LOCATION,
  });
  const trustpilot = sourceGroup("Trustpilot", {
    TRUSTPILOT_API_KEY: e.TRUSTPILOT_API_KEY,
    TRUSTPILOT_BUSINESS_UNIT_ID: e.TRUSTPILOT_BUSINESS_UNIT_ID,
  });
  return deepFreeze({
    port: e.PORT,
    /** Port of the admin listener (127.0.0.1 only, full /api/status); undefined when it is off. */
    adminPort: e.ADMIN_PORT,
    host: e.HOST,
    /** The public origin; unset, the address the sidecar listens on (http://localhost:4321 by default). */
    siteUrl,
    /** Whether SITE_URL was set: unset, a build warns that it builds for localhost. */
    siteUrlSet: e.SITE_URL !== undefined,
    dataDir: e.DATA_DIR,
    distDir: e.DIST_DIR,
    /** The hub database: a SQLite file path, or a postgres:// URL when several replicas share the hub. */
    hubDb: e.HUB_DB,
    /** Connections of the one PostgreSQL pool on HUB_DB (unused with SQLite); MCP sessions hold at most half of it. */
    hubDbPoolSize: e.HUB_DB_POOL_SIZE,
    /** CIDRs of reverse proxies whose X-Forwarded-For names the client; empty: it is ignored (as Forwarded always is). */
    trustProxy: e.TRUST_PROXY,
    distCheckIntervalSeconds: e.DIST_CHECK_INTERVAL,
    http: {
      /** A connection that has not sent a request's headers within this is closed (408). */
      headersTimeoutSeconds: e.HTTP_HEADERS_TIMEOUT,
      /** A request not received whole (headers and body) within this is closed (408). */
      requestTimeoutSeconds: e.HTTP_REQUEST_TIMEOUT,
      /** An idle keep-alive connection is closed after this. */
      keepAliveTimeoutSeconds: e.HTTP_KEEP_ALIVE_TIMEOUT,
      /** A connection whose answer makes no progress (the client stopped reading) for this long is closed. */
      sendTimeoutSeconds: e.HTTP_SEND_TIMEOUT,
      /** Open connections at most; beyond them new ones are closed at once. */
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    /** What the build may publish although it looks like a mistake: a release without reviews, or with under half. */
    build: { allowEmpty: e.BUILD_ALLOW.includes("empty"), allowShrink: e.BUILD_ALLOW.includes("shrink") },
    /** Bytes of a release's small files (and their .br/.gz) kept in memory, smallest first; the rest is read from disk. */
    staticCacheBytes: e.STATIC_CACHE_MB * 2 ** 20,
    websub: {
      callbackAllow: e.WEBSUB_CALLBACK_ALLOW,
      retryDelaysSeconds: e.WEBSUB_RETRY_DELAYS,
      lease: { default: e.WEBSUB_LEASE_DEFAULT, min: e.WEBSUB_LEASE_MIN, max: e.WEBSUB_LEASE_MAX },
      /** Outbound requests (verifications, deliveries, denials) in flight at once. */
      concurrency: e.WEBSUB_CONCURRENCY,
      /** Requests to the hub per client and minute. */
      rateLimitPerMinute: e.WEBSUB_RATE_LIMIT,
      maxSubscriptionsPerTopic: e.WEBSUB_MAX_PER_TOPIC,
      maxSubscriptionsPerHost: e.WEBSUB_MAX_PER_HOST,
      /** How long a claimed verification or delivery stays claimed before another worker may take it over. */
      claimTtlSeconds: e.WEBSUB_CLAIM_TTL,
      verifyTimeoutSeconds: e.WEBSUB_VERIFY_TIMEOUT,
      deliveryTimeoutSeconds: e.WEBSUB_DELIVERY_TIMEOUT,
      /** node-cron pattern (with seconds) of the sweep that removes expired subscriptions. */
      sweepCron: e.WEBSUB_SWEEP_CRON,
    },
    mcp: {
      allowedOrigins: e.MCP_ALLOWED_ORIGINS ?? [siteUrl],
      sessionTtlSeconds: e.MCP_SESSION_TTL,
      /** Live sessions across every replica sharing HUB_DB. */
      maxSessions: e.MCP_MAX_SESSIONS,
      /** Live sessions one client address may hold, across replicas. */
      maxSessionsPerClient: e.MCP_MAX_SESSIONS_PER_CLIENT,
      /** New sessions one client address may open per minute, across replicas. */
      sessionRatePerClient: e.MCP_SESSION_RATE_PER_CLIENT,
      /** HMAC key of session ids: replicas that share it accept each other's sessions. Random per process when unset. */
      sessionSecret: e.MCP_SESSION_SECRET ?? randomBytes(32).toString("base64url"),
    },
    /** `npm run sync`: the platforms configured (null: that source is not set up) and the listing's bounds. */
    sync: {
      google: google && {
        clientId: google.GOOGLE_CLIENT_ID,
        clientSecret: google.GOOGLE_CLIENT_SECRET,
        refreshToken: google.GOOGLE_REFRESH_TOKEN,
        /** accounts/<id>/locations/<id> */
        location: google.GOOGLE_LOCATION,
        apiUrl: e.GOOGLE_API_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
      },
      trustpilot: trustpilot && {
        apiKey: trustpilot.TRUSTPILOT_API_KEY,
        businessUnitId: trustpilot.TRUSTPILOT_BUSINESS_UNIT_ID,
        apiUrl: e.TRUSTPILOT_API_URL,
      },
      /** Pages one listing may take; a listing that needs more is incomplete and changes nothing. */
      maxPages: e.SYNC_MAX_PAGES,
      /** Reviews one listing may hold; likewise. */
      maxReviews: e.SYNC_MAX_REVIEWS,
      timeoutSeconds: e.SYNC_TIMEOUT,
    },
  });
}

/** A platform's variables when all are set, null when none is; else an error naming the missing ones, no value. */
function sourceGroup<K extends string>(
  platform: string,
  values: Record<K, string | undefined>,
): Record<K, string> | null {
  const missing = Object.entries(values)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length === Object.keys(values).length) return null;
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid environment:\n  ${missing.join(", ")}: not set, while other ${platform} variables are: set ${missing.length === 1 ? "it" : "them"} too to sync from ${platform} (docs/sync.md), or unset the others`,
    );
  return values as Record<K, string>;
}

/**
 * SITE_URL unset, every command builds for and serves the address the sidecar listens on: localhost on this machine's
 * loopback or all interfaces (http://localhost:4321 by default), else HOST itself. A port the system picks (PORT=0)
 * is not known before the sidecar listens, so the build and the sidecar both take the default port then.
 */
function defaultSiteUrl(host: string, listenPort: number): string {
  const port = listenPort === 0 ? 4321 : listenPort;
  return ["127.0.0.1", "::1", "localhost"].includes(host)
    ? `http://localhost:${port}`
    : new URL(listenOrigin(host, port)).origin;
}

/** The origin of a server listening on `host` and `port` (all interfaces: localhost), for a SITE_URL left unset. */
export function listenOrigin(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

type Frozen<T> = T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

function deepFreeze<T>(value: T): Frozen<T> {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value as Frozen<T>;
}
