// The MCP session tables in the hub's SQLite file, versioned apart from the hub's own schema (PRAGMA user_version is
// the hub's), so that the two stores migrate independently in one file.
import type { DatabaseSync } from "node:sqlite";
import { immediate } from "../../db/sqlite.ts";

const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE mcp_sessions (
    id TEXT PRIMARY KEY,
    protocol_version TEXT NOT NULL,
    client TEXT NOT NULL,
    client_address TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    ended_at INTEGER,
    log_level TEXT
  ) STRICT;
  CREATE INDEX mcp_sessions_by_client ON mcp_sessions (client_address, created_at);
  CREATE INDEX mcp_sessions_live ON mcp_sessions (last_seen_at) WHERE ended_at IS NULL;

  CREATE TABLE mcp_subscriptions (
    session_id TEXT NOT NULL REFERENCES mcp_sessions (id) ON DELETE CASCADE,
    uri TEXT NOT NULL,
    version TEXT NOT NULL,
    PRIMARY KEY (session_id, uri)
  ) STRICT, WITHOUT ROWID;
  `,
];

/** Applies the migrations this file has not seen, in one transaction (replicas starting together wait their turn). */
export function migrateSessionTables(db: DatabaseSync): void {
  immediate(db, () => {
    db.exec("CREATE TABLE IF NOT EXISTS mcp_schema (version INTEGER NOT NULL) STRICT");
    const row = db.prepare("SELECT max(version) AS v FROM mcp_schema").get() as { v: number | null };
    const from = row.v ?? 0;
    if (from > MIGRATIONS.length) {
      throw new Error(
        `the MCP session tables are at schema version ${from}, newer than this code knows (${MIGRATIONS.length}); upgrade the sidecar`,
      );
    }
    for (let v = from + 1; v <= MIGRATIONS.length; v++) {
      db.exec(MIGRATIONS[v - 1]!);
      db.prepare("INSERT INTO mcp_schema (version) VALUES (?)").run(v);
    }
  });
}
