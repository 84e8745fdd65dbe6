// The SQLite hub store: the shared store suite, plus what only the embedded engine does (its file, WAL, migrations).
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import { migrateSqlite, SchemaTooNewError } from "../../../../sidecar/db/migrate.ts";
import { SQLITE_BOOK, SQLITE_MIGRATIONS as MIGRATIONS } from "../../../../sidecar/websub/store/migrations.ts";
import { openSqliteStore } from "../../../../sidecar/websub/store/open.ts";
import { describeHubStore, subscribed, T, version } from "./suite.ts";

let dir: string;
let n = 0;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "hub-store-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeHubStore("SQLite", async () => openSqliteStore(path.join(dir, `suite-${++n}`, "hub.sqlite")));

describe("SQLite hub store file", () => {
  it("creates its directory, uses WAL and migrates in code; data survives a reopen", async () => {
    const file = path.join(dir, "var", "hub.sqlite");
    let store = openSqliteStore(file);
    await subscribed(store);
    await store.close();
    const db = new DatabaseSync(file);
    assert.equal((db.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode, "wal");
    assert.equal(
      (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version,
      MIGRATIONS.at(-1)!.version,
    );
    db.exec("PRAGMA user_version = 99");
    db.close();
    assert.throws(() => openSqliteStore(file), SchemaTooNewError);
    const again = new DatabaseSync(file);
    again.exec(`PRAGMA user_version = ${MIGRATIONS.at(-1)!.version}`);
    again.close();
    store = openSqliteStore(file);
    assert.equal((await store.subscriptionGet(T, "https://a.test/cb"))?.secret, "s1");
    await store.close();
  });

  it("brings a database of the first schema up to date, its topics' hashes kept and older than any release", async () => {
    const file = path.join(dir, "v1", "hub.sqlite");
    await openSqliteStore(path.join(dir, "v1", "mkdir.sqlite")).close();
    const old = new DatabaseSync(file);
    migrateSqlite(old, SQLITE_BOOK, MIGRATIONS.slice(0, 1));
    old.prepare("INSERT INTO topics (url, sha256, content_type, changed_at) VALUES (?, 'v1', 'x', 0)").run(T);
    old.close();
    const store = openSqliteStore(file);
    await subscribed(store);
    assert.deepEqual(await store.topicContentSet(version("v1", 1), 1), {
      first: false,
      changed: false,
      stale: false,
      seq: 0,
      queued: 0,
    });
    assert.equal((await store.topicContentSet(version("v2", 2), 2)).queued, 1);
    await store.close();
  });
});
