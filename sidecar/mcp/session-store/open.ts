// The MCP session store on HUB_DB, beside the hub's own tables: SQLite for one machine, PostgreSQL for replicas on
// several. On PostgreSQL it shares the process's pool with the hub, and may hold at most half of it at once.
import { type HubDatabase, openHubDatabase, type PostgresOptions } from "../../db/hub-database.ts";
import { openPostgresSessionStore } from "./postgres.ts";
import { createSqliteSessionStore } from "./sqlite.ts";
import type { McpSessionStore } from "./store.ts";

/** Connections of the pool the session store may hold at once: however many sessions come, the hub keeps the rest. */
const sessionShareOf = (poolSize: number): number => Math.max(1, Math.floor(poolSize / 2));

/** The store on a database the caller opened and closes: the store's close() leaves it open. */
export async function sessionStoreOn(database: HubDatabase): Promise<McpSessionStore> {
  const keepOpen = async () => undefined;
  if (database.engine === "sqlite") return createSqliteSessionStore(database.db, database.sql, keepOpen);
  return openPostgresSessionStore(database.pool, database.sql, {
    maxConnections: sessionShareOf(database.poolSize),
    close: keepOpen,
  });
}

/** Opens `spec` for this store alone; the store's close() closes it. */
export async function openSessionStore(spec: string, options: PostgresOptions = {}): Promise<McpSessionStore> {
  const database = openHubDatabase(spec, options);
  try {
    const store = await sessionStoreOn(database);
    return { ...store, close: database.close };
  } catch (err) {
    await database.close();
    throw err;
  }
}
