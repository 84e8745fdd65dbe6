// The hub store on PostgreSQL, shared by several sidecar replicas: claims with FOR UPDATE SKIP LOCKED that expire,
// a release sequence per topic under a row lock, work announced with NOTIFY, sweeps one replica at a time.
import type pg from "pg";
import type { Sql } from "../../../db/sql.ts";
import { createSqlStore } from "../sql-store.ts";
import type { HubStore } from "../store.ts";
import { listenForWork } from "./listen.ts";
import { migratePostgres } from "./migrations.ts";
import { POSTGRES } from "./statements.ts";

export type PostgresStoreOptions = Readonly<{
  pool: pg.Pool;
  sql: Sql;
  /** Settings for the LISTEN connection, which stays out of the pool. */
  clientConfig: pg.ClientConfig;
  close: () => Promise<void>;
}>;

/** Migrates the schema (one replica at a time) and returns the store on the pool. */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<HubStore> {
  await migratePostgres(options.pool);
  const workListen = (listener: () => void) => listenForWork(options.clientConfig, listener);
  return createSqlStore({ sql: options.sql, dialect: POSTGRES, workListen, close: options.close });
}
