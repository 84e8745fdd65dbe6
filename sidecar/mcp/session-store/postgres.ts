// The MCP session store on PostgreSQL (the `pg` pool HUB_DB opens): replicas on several machines share sessions.
import type pg from "pg";
import { limited, type Sql } from "../../db/sql.ts";
import { migrateSessionTables, SESSION_LOCKS } from "./postgres-schema.ts";
import { createSqlSessionStore, type SessionDialect } from "./sql-store.ts";
import type { McpSessionStore } from "./store.ts";

const POSTGRES: SessionDialect = {
  touch: `UPDATE mcp_sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id = $1`,
  live: `SELECT * FROM mcp_sessions WHERE id = ANY($1) AND ended_at IS NULL AND last_seen_at >= $2`,
  admitLock: `SELECT pg_advisory_xact_lock(${SESSION_LOCKS.admit})`,
  sessionLock: `SELECT 1 FROM mcp_sessions WHERE id = $1 FOR UPDATE`,
};

export type PostgresSessionStoreOptions = Readonly<{
  /** Connections of the pool the store holds at most at once: the others stay the hub's. */
  maxConnections: number;
  close: () => Promise<void>;
}>;

/** The store on `pool` (whose SQL is `sql`), its tables migrated first. */
export async function openPostgresSessionStore(
  pool: pg.Pool,
  sql: Sql,
  options: PostgresSessionStoreOptions,
): Promise<McpSessionStore> {
  await migrateSessionTables(pool);
  // A flood of sessions queues here, not in the pool where the hub's queries wait too.
  return createSqlSessionStore(limited(sql, options.maxConnections), POSTGRES, options.close);
}
