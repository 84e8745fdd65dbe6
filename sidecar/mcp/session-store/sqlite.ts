// The MCP session store on SQLite (node:sqlite), in the hub's database file: processes on one machine share sessions.
import type { DatabaseSync } from "node:sqlite";
import { type Sql, sqliteSql } from "../../db/sql.ts";
import { openSqlite } from "../../db/sqlite.ts";
import { migrateSessionTables } from "./sqlite-schema.ts";
import { createSqlSessionStore, type SessionDialect } from "./sql-store.ts";
import type { McpSessionStore } from "./store.ts";

// An IMMEDIATE transaction already holds the write lock from its first read: no lock statements needed.
const SQLITE: SessionDialect = {
  touch: `UPDATE mcp_sessions SET last_seen_at = max(last_seen_at, $2) WHERE id = $1`,
  live: `SELECT * FROM mcp_sessions WHERE id IN (SELECT value FROM json_each($1))
    AND ended_at IS NULL AND last_seen_at >= $2`,
};

/** The store in the SQLite file `file` (opened here, closed with the store). */
export function openSqliteSessionStore(file: string): McpSessionStore {
  const db = openSqlite(file);
  return createSqliteSessionStore(db, sqliteSql(db), async () => {
    if (db.isOpen) db.close();
  });
}

/** The store on an open database and its SQL, which `close` closes. */
export function createSqliteSessionStore(db: DatabaseSync, sql: Sql, close: () => Promise<void>): McpSessionStore {
  migrateSessionTables(db);
  return createSqlSessionStore(sql, SQLITE, close);
}
