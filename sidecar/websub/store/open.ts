// Opens the hub store HUB_DB names, on either engine, migrated and ready; its close() closes the database.
import { type HubDatabase, openHubDatabase, type PostgresOptions } from "../../db/hub-database.ts";
import { createPostgresStore } from "./postgres/store.ts";
import { createSqliteStore } from "./sqlite/store.ts";
import type { HubStore } from "./store.ts";

export async function openHubStore(spec: string, options: PostgresOptions = {}): Promise<HubStore> {
  return hubStoreOn(openHubDatabase(spec, options));
}

/** The store on a database opened by openHubDatabase; closing the store closes it. */
export async function hubStoreOn(database: HubDatabase): Promise<HubStore> {
  try {
    if (database.engine === "sqlite") return createSqliteStore(database.db, database.close);
    return await createPostgresStore(database);
  } catch (err) {
    await database.close();
    throw err;
  }
}
