// The hub store on HUB_DB, on either engine, migrated and ready: on the process's one database handle, or on one of
// its own (a tool, a test).
import { type HubDatabase, openHubDatabase, type PostgresOptions } from "../../db/hub-database.ts";
import { createPostgresStore } from "./postgres/store.ts";
import { createSqliteStore } from "./sqlite/store.ts";
import type { HubStore } from "./store.ts";

/** The store on a database the caller opened and closes: the store's close() leaves it open. */
export async function hubStoreOn(database: HubDatabase): Promise<HubStore> {
  const keepOpen = async () => undefined;
  if (database.engine === "sqlite") return createSqliteStore(database.db, database.sql, keepOpen);
  const { pool, sql, clientConfig } = database;
  return createPostgresStore({ pool, sql, clientConfig, close: keepOpen });
}

/** Opens `spec` for this store alone; the store's close() closes it. */
export async function openHubStore(spec: string, options: PostgresOptions = {}): Promise<HubStore> {
  const database = openHubDatabase(spec, options);
  try {
    const store = await hubStoreOn(database);
    return Object.freeze({ ...store, close: database.close });
  } catch (err) {
    await database.close();
    throw err;
  }
}
