// SQLite connections as every store in the hub's database file opens them (node:sqlite, WAL), and their transactions.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** Opens (creating its folder) a database several connections and processes share. */
export function openSqlite(file: string): DatabaseSync {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // A writer waits up to 5 s for another connection's transaction instead of failing at once.
  const db = new DatabaseSync(file, { timeout: 5000 });
  db.exec("PRAGMA journal_mode = WAL");
  // WAL with synchronous=NORMAL survives a process crash (kill -9) without losing committed transactions.
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  return db;
}

/** Runs `fn` in an IMMEDIATE transaction: it holds the write lock from its first read, so reads and writes agree. */
export function immediate<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const out = fn();
    db.exec("COMMIT");
    return out;
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
}
