// HUB_DB's two engines behind one async query interface, so that a store is written once over SQL in each dialect.
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import type pg from "pg";
import { createLimit } from "./limit.ts";

export type Row = Readonly<Record<string, unknown>>;

/** A text column as either driver returns it: a string, or a number or bigint where the engine typed it so. */
export function text(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return v.toString();
  throw new TypeError(`expected a text column, got ${v === null ? "null" : typeof v}`);
}

/** A nullable text column. */
export function textOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : text(v);
}

/**
 * Runs one statement with positional parameters (`$1`, `$2`...; an array is passed to SQLite as JSON, for
 * `json_each`); `rowCount` is the rows returned, or those changed when the statement returns none.
 */
export type Query = (sql: string, params?: readonly unknown[]) => Promise<{ rows: Row[]; rowCount: number }>;

export type Sql = Readonly<{
  query: Query;
  /** Runs `fn` in one transaction (SQLite: IMMEDIATE, holding the write lock from its first read). */
  transaction: <T>(fn: (q: Query) => Promise<T>) => Promise<T>;
}>;

/** `sql` with PostgreSQL's `$1` placeholders in SQLite's numbered form, `?1`. */
export const sqlitePlaceholders = (sql: string) => sql.replace(/\$(\d+)/g, "?$1");

/** A SQLite connection as SQL: its callers take turns, so a transaction's statements never interleave with others'. */
export function sqliteSql(db: DatabaseSync): Sql {
  const prepared = new Map<string, StatementSync>();
  const q: Query = async (sql, params = []) => {
    let stmt = prepared.get(sql);
    if (!stmt) prepared.set(sql, (stmt = db.prepare(sqlitePlaceholders(sql))));
    const args = params.map((p) => (Array.isArray(p) ? JSON.stringify(p) : p) as SQLInputValue);
    if (stmt.columns().length === 0) return { rows: [], rowCount: Number(stmt.run(...args).changes) };
    const rows = stmt.all(...args) as Row[];
    return { rows, rowCount: rows.length };
  };
  const turn = createLimit(1);
  return Object.freeze({
    query: (sql, params) => turn(() => q(sql, params)),
    transaction: (fn) =>
      turn(async () => {
        db.exec("BEGIN IMMEDIATE");
        try {
          const out = await fn(q);
          db.exec("COMMIT");
          return out;
        } catch (err) {
          db.exec("ROLLBACK");
          throw err;
        }
      }),
  });
}

export function postgresSql(pool: pg.Pool): Sql {
  const on =
    (client: pg.Pool | pg.PoolClient): Query =>
    async (sql, params) => {
      const r = await client.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as Row[], rowCount: r.rowCount ?? 0 };
    };
  return Object.freeze({
    query: on(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const out = await fn(on(client));
        await client.query("COMMIT");
        return out;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  });
}

/** `sql` used by at most `max` callers at once: the others wait their turn here. */
export function limited(sql: Sql, max: number): Sql {
  const limit = createLimit(max);
  return Object.freeze({
    query: (text, params) => limit(() => sql.query(text, params)),
    transaction: (fn) => limit(() => sql.transaction(fn)),
  });
}
