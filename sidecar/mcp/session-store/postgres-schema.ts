// The MCP session tables on PostgreSQL, versioned apart from the hub's tables and applied under an advisory lock, so
// replicas starting together apply each migration once.
import type pg from "pg";

/** pg_advisory_lock keys of the session store (the hub's are 0x6875_62xx). */
export const SESSION_LOCKS = { migrate: 0x6d63_7001, admit: 0x6d63_7002 } as const;

const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE mcp_sessions (
    id TEXT PRIMARY KEY,
    protocol_version TEXT NOT NULL,
    client TEXT NOT NULL,
    client_address TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    ended_at BIGINT,
    log_level TEXT
  );
  CREATE INDEX mcp_sessions_by_client ON mcp_sessions (client_address, created_at);
  CREATE INDEX mcp_sessions_live ON mcp_sessions (last_seen_at) WHERE ended_at IS NULL;

  CREATE TABLE mcp_subscriptions (
    session_id TEXT NOT NULL REFERENCES mcp_sessions (id) ON DELETE CASCADE,
    uri TEXT NOT NULL,
    version TEXT NOT NULL,
    PRIMARY KEY (session_id, uri)
  );
  `,
];

/** Applies the migrations the database has not seen, in one transaction holding the migration lock. */
export async function migrateSessionTables(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [SESSION_LOCKS.migrate]);
    await client.query("CREATE TABLE IF NOT EXISTS mcp_schema (version INTEGER NOT NULL)");
    const { rows } = await client.query<{ v: number | null }>("SELECT max(version) AS v FROM mcp_schema");
    const from = rows[0]?.v ?? 0;
    if (from > MIGRATIONS.length) {
      throw new Error(
        `the MCP session tables are at schema version ${from}, newer than this code knows (${MIGRATIONS.length}); upgrade the sidecar`,
      );
    }
    for (let v = from + 1; v <= MIGRATIONS.length; v++) {
      await client.query(MIGRATIONS[v - 1]!);
      await client.query("INSERT INTO mcp_schema (version) VALUES ($1)", [v]);
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
