// The one place HUB_DB is opened: a file path gives an embedded SQLite database, a postgres:// URL a PostgreSQL pool.
// A process opens it once and hands it to the hub store and the MCP session store, then closes it last.
import type { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { postgresSql, type Sql, sqliteSql } from "./sql.ts";
import { openSqlite } from "./sqlite.ts";

export type HubDatabase =
  | Readonly<{ engine: "sqlite"; db: DatabaseSync; sql: Sql; close(): Promise<void> }>
  | Readonly<{
      engine: "postgres";
      pool: pg.Pool;
      sql: Sql;
      /** Connections the pool holds at most. */
      poolSize: number;
      /** Connection settings for a client of its own (LISTEN needs one that stays out of the pool). */
      clientConfig: pg.ClientConfig;
      close(): Promise<void>;
    }>;

export type PostgresOptions = Readonly<{
  /** Connections the pool holds at most (10 unless told). */
  maxConnections?: number;
  /** Shown in pg_stat_activity, so an operator can tell which process holds which connection. */
  applicationName?: string;
  /** An idle connection failed (the server restarted, a failover): logged; the next query connects anew. */
  onIdleError?: (err: Error) => void;
}>;

/** Whether `spec` names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

export function openHubDatabase(spec: string, options: PostgresOptions = {}): HubDatabase {
  if (isPostgresUrl(spec)) return openPostgres(spec, options);
  if (spec.includes("://")) {
    throw new Error(`HUB_DB: expected a file path (SQLite) or a postgres:// URL, got a URL with another scheme`);
  }
  const db = openSqlite(spec);
  return Object.freeze({
    engine: "sqlite",
    db,
    sql: sqliteSql(db),
    close: async () => {
      if (db.isOpen) db.close();
    },
  });
}

function openPostgres(url: string, options: PostgresOptions): HubDatabase {
  const clientConfig: pg.ClientConfig = {
    connectionString: url,
    application_name: options.applicationName ?? "reviews-service",
    // A database that does not answer fails the request that waits for it rather than hanging it.
    connectionTimeoutMillis: 10_000,
    query_timeout: 30_000,
  };
  const poolSize = options.maxConnections ?? 10;
  const pool = new pg.Pool({ ...clientConfig, max: poolSize, idleTimeoutMillis: 30_000 });
  // Without a listener an idle connection's error would end the process.
  pool.on("error", (err) => options.onIdleError?.(err));
  let closed: Promise<void> | undefined;
  return Object.freeze({
    engine: "postgres",
    pool,
    sql: postgresSql(pool),
    poolSize,
    clientConfig,
    close: () => (closed ??= pool.end()),
  });
}
