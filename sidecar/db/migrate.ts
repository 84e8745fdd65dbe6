// Ordered schema migrations applied in code when a store opens, all in one transaction that records each version, so
// replicas starting together take turns (SQLite: the write lock; PostgreSQL: an advisory lock) and apply each once.
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { immediate } from "./sqlite.ts";
import { type Sql, sqlitePlaceholders } from "./sql.ts";

export type Migration = Readonly<{ version: number; name: string; sql: string }>;

/** Where a schema keeps its version: `read` answers it as `v`; `record` is the statement that notes one applied. */
export type SchemaBook = Readonly<{
  /** Named in errors: "the hub database". */
  what: string;
  create?: string;
  read: string;
  record: (m: Migration) => readonly [string, unknown[]];
  /** PostgreSQL's pg_advisory_xact_lock key, whose bigint space the whole database shares. */
  lock?: number;
}>;

/** Thrown when the database was written by a newer version of the sidecar. */
export class SchemaTooNewError extends Error {
  override name = "SchemaTooNewError";
}

function pending(book: SchemaBook, from: number, migrations: readonly Migration[]): Migration[] {
  const latest = migrations.at(-1)?.version ?? 0;
  if (from > latest) {
    throw new SchemaTooNewError(
      `schema version ${from} of ${book.what} is newer than this code knows (${latest}); upgrade the sidecar`,
    );
  }
  return migrations.filter((m) => m.version > from);
}

const failed = (book: SchemaBook, m: Migration, err: unknown) =>
  new Error(`migration ${m.version} (${m.name}) of ${book.what} failed: ${(err as Error).message}`, { cause: err });

export function migrateSqlite(db: DatabaseSync, book: SchemaBook, migrations: readonly Migration[]): void {
  immediate(db, () => {
    if (book.create) db.exec(book.create);
    const from = Number((db.prepare(book.read).get() as { v: number | null }).v ?? 0);
    for (const m of pending(book, from, migrations)) {
      const [record, params] = book.record(m);
      try {
        db.exec(m.sql);
        db.prepare(sqlitePlaceholders(record)).run(...(params as SQLInputValue[]));
      } catch (err) {
        throw failed(book, m, err);
      }
    }
  });
}

export async function migratePostgres(sql: Sql, book: SchemaBook, migrations: readonly Migration[]): Promise<void> {
  await sql.transaction(async (q) => {
    await q("SELECT pg_advisory_xact_lock($1)", [book.lock]);
    if (book.create) await q(book.create);
    const from = Number((await q(book.read)).rows[0]?.["v"] ?? 0);
    for (const m of pending(book, from, migrations)) {
      await q(m.sql).catch((err: unknown) => Promise.reject(failed(book, m, err)));
      await q(...book.record(m));
    }
  });
}
