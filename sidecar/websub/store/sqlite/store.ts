// The embedded hub store: SQLite through node:sqlite, WAL mode, schema migrated in code, every write one transaction.
import type { DatabaseSync } from "node:sqlite";
import { openHubDatabase } from "../../../db/hub-database.ts";
import type { Sql } from "../../../db/sql.ts";
import { createSqlStore } from "../sql-store.ts";
import type { HubStore } from "../store.ts";
import { migrate } from "./migrations.ts";
import { SQLITE } from "./statements.ts";

/** Opens (creating) the SQLite file and the store on it; the store's close() closes the file. */
export function openSqliteStore(file: string): HubStore {
  const database = openHubDatabase(file);
  if (database.engine !== "sqlite") throw new Error(`not a SQLite file path: ${file}`);
  return createSqliteStore(database.db, database.sql, database.close);
}

/** The store on an open database (one process only: claims here exclude other workers of this process alone). */
export function createSqliteStore(db: DatabaseSync, sql: Sql, close: () => Promise<void>): HubStore {
  migrate(db);
  // One process: the worker is kicked in-process whenever this store queues work, so there is nothing to hear.
  const workListen = async () => async () => undefined;
  return createSqlStore({ sql, dialect: SQLITE, workListen, close });
}
