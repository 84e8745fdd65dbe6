// The MCP session store on HUB_DB, beside the hub's own tables and versioned apart from them: SQLite for one machine,
// PostgreSQL for replicas on several. On PostgreSQL it shares the process's pool with the hub, and may hold at most
// half of it at once.
import { type HubDatabase, openHubDatabase, type PostgresOptions } from "../../db/hub-database.ts";
import { type Migration, migratePostgres, migrateSqlite, type SchemaBook } from "../../db/migrate.ts";
import { limited } from "../../db/sql.ts";
import { createSqlSessionStore, type SessionDialect } from "./sql-store.ts";
import type { McpSessionStore } from "./store.ts";

/** pg_advisory_lock keys of the session store (the hub's are 0x6875_62xx). */
export const SESSION_LOCKS = { migrate: 0x6d63_7001, admit: 0x6d63_7002 } as const;

/** The tables in either engine's words: SQLite's are STRICT, its integers PostgreSQL's BIGINT. */
function migrations(engine: HubDatabase["engine"]): Migration[] {
  const [int, strict] = engine === "sqlite" ? ["INTEGER", " STRICT"] : ["BIGINT", ""];
  const sql = `
    CREATE TABLE mcp_sessions (
      id TEXT PRIMARY KEY,
      protocol_version TEXT NOT NULL,
      client TEXT NOT NULL,
      client_address TEXT NOT NULL,
      created_at ${int} NOT NULL,
      last_seen_at ${int} NOT NULL,
      ended_at ${int},
      log_level TEXT
    )${strict};
    CREATE INDEX mcp_sessions_by_client ON mcp_sessions (client_address, created_at);
    CREATE INDEX mcp_sessions_live ON mcp_sessions (last_seen_at) WHERE ended_at IS NULL;

    CREATE TABLE mcp_subscriptions (
      session_id TEXT NOT NULL REFERENCES mcp_sessions (id) ON DELETE CASCADE,
      uri TEXT NOT NULL,
      version TEXT NOT NULL,
      PRIMARY KEY (session_id, uri)
    )${engine === "sqlite" ? " STRICT, WITHOUT ROWID" : ""};`;
  return [{ version: 1, name: "sessions and their resource subscriptions", sql }];
}

/** The version table is the session store's own: SQLite's PRAGMA user_version is the hub's. */
const book = (engine: HubDatabase["engine"]): SchemaBook => ({
  what: "the MCP session tables",
  create: `CREATE TABLE IF NOT EXISTS mcp_schema (version INTEGER NOT NULL)${engine === "sqlite" ? " STRICT" : ""}`,
  read: "SELECT max(version) AS v FROM mcp_schema",
  record: (m) => ["INSERT INTO mcp_schema (version) VALUES ($1)", [m.version]],
  lock: SESSION_LOCKS.migrate,
});

// An IMMEDIATE transaction already holds the write lock from its first read: SQLite needs no lock statements.
const SQLITE: SessionDialect = {
  touch: `UPDATE mcp_sessions SET last_seen_at = max(last_seen_at, $2) WHERE id = $1`,
  live: `SELECT * FROM mcp_sessions WHERE id IN (SELECT value FROM json_each($1))
    AND ended_at IS NULL AND last_seen_at >= $2`,
};

const POSTGRES: SessionDialect = {
  touch: `UPDATE mcp_sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id = $1`,
  live: `SELECT * FROM mcp_sessions WHERE id = ANY($1) AND ended_at IS NULL AND last_seen_at >= $2`,
  admitLock: `SELECT pg_advisory_xact_lock(${SESSION_LOCKS.admit})`,
  sessionLock: `SELECT 1 FROM mcp_sessions WHERE id = $1 FOR UPDATE`,
};

/** The store on a database the caller opened; the store's close() is `close` (by default it leaves it open). */
export async function sessionStoreOn(
  database: HubDatabase,
  close: () => Promise<void> = async () => undefined,
): Promise<McpSessionStore> {
  if (database.engine === "sqlite") return sqliteSessionStore(database, close);
  await migratePostgres(database.sql, book("postgres"), migrations("postgres"));
  // A flood of sessions queues here, not in the pool where the hub's queries wait too.
  const share = Math.max(1, Math.floor(database.poolSize / 2));
  return createSqlSessionStore(limited(database.sql, share), POSTGRES, close);
}

/** Opens `spec` for this store alone; the store's close() closes it. */
export async function openSessionStore(spec: string, options: PostgresOptions = {}): Promise<McpSessionStore> {
  const database = openHubDatabase(spec, options);
  return sessionStoreOn(database, database.close).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
}

/** The store in the SQLite file `file`, at once (opened here, closed with the store). */
export function openSqliteSessionStore(file: string): McpSessionStore {
  const database = openHubDatabase(file);
  if (database.engine !== "sqlite") throw new Error(`not a SQLite file path: ${file}`);
  return sqliteSessionStore(database, database.close);
}

function sqliteSessionStore(database: Extract<HubDatabase, { engine: "sqlite" }>, close: () => Promise<void>) {
  migrateSqlite(database.db, book("sqlite"), migrations("sqlite"));
  return createSqlSessionStore(database.sql, SQLITE, close);
}
