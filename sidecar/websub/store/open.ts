// The hub store on HUB_DB, on either engine, migrated and ready: on the process's one database handle, or on one of
// its own (a tool, a test). On PostgreSQL, replicas share it: claims with FOR UPDATE SKIP LOCKED that expire, a release
// sequence per topic under a row lock, work announced with NOTIFY, sweeps one replica at a time.
import { type HubDatabase, openHubDatabase, type PostgresOptions } from "../../db/hub-database.ts";
import { migratePostgres, migrateSqlite } from "../../db/migrate.ts";
import { POSTGRES_BOOK, POSTGRES_MIGRATIONS, SQLITE_BOOK, SQLITE_MIGRATIONS } from "./migrations.ts";
import { listenForWork } from "./postgres/listen.ts";
import { POSTGRES } from "./postgres/statements.ts";
import { createSqlStore } from "./sql-store.ts";
import { SQLITE } from "./sqlite/statements.ts";
import type { HubStore } from "./store.ts";

/** The store on a database the caller opened; the store's close() is `close` (by default it leaves it open). */
export async function hubStoreOn(
  database: HubDatabase,
  close: () => Promise<void> = async () => undefined,
): Promise<HubStore> {
  if (database.engine === "sqlite") return sqliteStore(database, close);
  await migratePostgres(database.sql, POSTGRES_BOOK, POSTGRES_MIGRATIONS);
  const workListen = (listener: () => void) => listenForWork(database.clientConfig, listener);
  return createSqlStore({ sql: database.sql, dialect: POSTGRES, workListen, close });
}

/** Opens `spec` for this store alone; the store's close() closes it. */
export async function openHubStore(spec: string, options: PostgresOptions = {}): Promise<HubStore> {
  const database = openHubDatabase(spec, options);
  return hubStoreOn(database, database.close).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
}

/** Opens (creating) the SQLite file and the store on it, at once; the store's close() closes the file. */
export function openSqliteStore(file: string): HubStore {
  const database = openHubDatabase(file);
  if (database.engine !== "sqlite") throw new Error(`not a SQLite file path: ${file}`);
  return sqliteStore(database, database.close);
}

/** One process: the worker is kicked in-process whenever this store queues work, so there is nothing to hear. */
function sqliteStore(database: Extract<HubDatabase, { engine: "sqlite" }>, close: () => Promise<void>): HubStore {
  migrateSqlite(database.db, SQLITE_BOOK, SQLITE_MIGRATIONS);
  const workListen = async () => async () => undefined;
  return createSqlStore({ sql: database.sql, dialect: SQLITE, workListen, close });
}
