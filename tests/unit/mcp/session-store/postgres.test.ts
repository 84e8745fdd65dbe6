// The PostgreSQL MCP session store on a throwaway server: the shared suite on two pools of one database (two replicas
// on two machines), its tables migrated once while replicas start together, beside the hub's, and its share of the
// pool it shares with the hub.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { openHubDatabase } from "../../../../sidecar/db/hub-database.ts";
import { openSessionStore, SESSION_LOCKS, sessionStoreOn } from "../../../../sidecar/mcp/session-store/open.ts";
import { hubStoreOn, openHubStore } from "../../../../sidecar/websub/store/open.ts";
import { startPostgres, type TestPostgres } from "../../../../scripts/lib/test-postgres.ts";
import { describeSessionStore, T0, TTL } from "./suite.ts";

let server: TestPostgres;
before(async () => {
  server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

describeSessionStore("PostgreSQL", async () => {
  const url = await server.createDatabase();
  return [await openSessionStore(url, { maxConnections: 4 }), await openSessionStore(url, { maxConnections: 4 })];
});

describe("PostgreSQL: schema", () => {
  it("is applied once while replicas start together, beside the hub's tables", async () => {
    const url = await server.createDatabase();
    const [hub, ...stores] = await Promise.all([openHubStore(url), ...[1, 2, 3].map(() => openSessionStore(url))]);
    assert.deepEqual(await Promise.all(stores.map((s) => s.sessionCount(T0, TTL))), [0, 0, 0]);
    await Promise.all([hub.close(), ...stores.map((s) => s.close())]);
  });
});

describe("PostgreSQL: one pool shared with the hub", () => {
  it("leaves the hub connections however much session work waits", async () => {
    const url = await server.createDatabase();
    const database = openHubDatabase(url, { maxConnections: 4 });
    assert.equal(database.engine, "postgres");
    const [hub, sessions] = [await hubStoreOn(database), await sessionStoreOn(database)];
    // Another replica admitting a session holds the admission lock: every admission here waits for it.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query("BEGIN");
    await other.query("SELECT pg_advisory_xact_lock($1)", [SESSION_LOCKS.admit]);
    const limits = { ttlMs: TTL, max: 100, maxPerClient: 100, perClientPerMinute: 100 };
    const flood = Array.from({ length: 20 }, (_, i) =>
      sessions.sessionCreate(
        { id: `flood-${i}`, protocolVersion: "2025-06-18", client: "{}", clientAddress: `10.1.0.${i}` },
        limits,
        T0,
      ),
    );
    const within = <T>(ms: number, p: Promise<T>) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
      ]);
    try {
      await within(2000, hub.healthCheck());
      assert.deepEqual(await within(2000, hub.rateLimitTake("192.0.2.1", 10, T0)), { ok: true });
      const { totalCount, idleCount } = database.pool;
      assert.equal(totalCount - idleCount, 2, "the waiting sessions hold half the pool");
    } finally {
      await other.query("COMMIT");
      await other.end();
    }
    const admitted = await Promise.all(flood);
    assert.ok(admitted.every((a) => a.status === "created"));
    assert.equal(await sessions.sessionCount(T0, TTL), 20);
    await Promise.all([hub.close(), sessions.close()]);
    assert.equal(await hub.healthCheck().then(() => "open"), "open", "the stores leave the database to its opener");
    await database.close();
  });
});
