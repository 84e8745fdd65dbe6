// Opens the MCP session store where HUB_DB says, beside the hub's own tables: SQLite for one machine, PostgreSQL for
// replicas on several.
import { type PostgresOptions, openHubDatabase } from "../../db/hub-database.ts";
import { openPostgresSessionStore } from "./postgres.ts";
import { createSqliteSessionStore } from "./sqlite.ts";
import type { McpSessionStore } from "./store.ts";

export async function openSessionStore(spec: string, options: PostgresOptions = {}): Promise<McpSessionStore> {
  const database = openHubDatabase(spec, options);
  if (database.engine === "sqlite") return createSqliteSessionStore(database.db, database.close);
  try {
    return await openPostgresSessionStore(database.pool, database.close);
  } catch (err) {
    await database.close();
    throw err;
  }
}
