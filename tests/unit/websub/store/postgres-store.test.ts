// The PostgreSQL hub store on a throwaway server: the shared store suite, then what only several replicas sharing one
// database can show (migrations under a lock, SKIP LOCKED claims, one enqueue per release, NOTIFY, one sweeper).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { openHubStore } from "../../../../sidecar/websub/store/open.ts";
import { POSTGRES_MIGRATIONS as MIGRATIONS } from "../../../../sidecar/websub/store/migrations.ts";
import { SchemaTooNewError } from "../../../../sidecar/db/migrate.ts";
import type { HubStore } from "../../../../sidecar/websub/store/store.ts";
import { startPostgres, type TestPostgres } from "../../../../scripts/lib/test-postgres.ts";
import { describeHubStore, intent, LIMITS, subscribed, version } from "./suite.ts";

let server: TestPostgres;
before(async () => {
  server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

describeHubStore("PostgreSQL", async () => openHubStore(await server.createDatabase(), { maxConnections: 4 }));

/** Three replicas' stores on one new database, opened at once (so their migrations race). */
async function replicas(count = 3): Promise<HubStore[]> {
  const url = await server.createDatabase();
  return Promise.all(Array.from({ length: count }, () => openHubStore(url, { maxConnections: 4 })));
}
const closeAll = (stores: HubStore[]) => Promise.all(stores.map((s) => s.close()));

describe("hub store on PostgreSQL, shared by replicas", () => {
  it("applies the schema once while replicas start together, and refuses a schema newer than the code", async () => {
    const url = await server.createDatabase();
    const stores = await Promise.all([1, 2, 3].map(() => openHubStore(url)));
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const applied = await db.query("SELECT version FROM hub_schema_migrations ORDER BY version");
    assert.deepEqual(
      applied.rows.map((r) => r.version),
      MIGRATIONS.map((m) => m.version),
    );
    await db.query("INSERT INTO hub_schema_migrations (version, name) VALUES (99, 'from the future')");
    await db.end();
    await assert.rejects(openHubStore(url), SchemaTooNewError);
    await closeAll(stores);
  });

  it("queues a release's change once however many replicas report it, and never an older release's", async () => {
    const [a, b, c] = await replicas();
    for (let i = 0; i < 5; i++) await subscribed(a!, { callback: `https://s${i}.test/cb`, callbackHost: `s${i}.test` });
    await a!.topicContentSet(version("v1", 100), 0);
    const reports = await Promise.all([
      a!.topicContentSet(version("v2", 200), 1),
      b!.topicContentSet(version("v2", 200), 1),
      c!.topicContentSet(version("v0", 50), 1),
    ]);
    assert.deepEqual(
      reports.map((r) => r.queued).sort(),
      [0, 0, 5],
      "one replica queued for every subscription, the others nothing",
    );
    assert.equal(reports[2].stale, true);
    assert.equal((await a!.hubStats(2)).deliveriesPending, 5);
    await closeAll([a!, b!, c!]);
  });

  it("claims with SKIP LOCKED: replicas claiming at once share the work without overlap", async () => {
    const stores = await replicas();
    for (let i = 0; i < 30; i++)
      await subscribed(stores[0]!, { callback: `https://s${i}.test/cb`, callbackHost: `s${i}.test` });
    await stores[0]!.topicContentSet(version("v1", 1), 0);
    await stores[0]!.topicContentSet(version("v2", 2), 0);
    const claims = await Promise.all(
      stores.flatMap((s, i) =>
        [0, 1].map((k) => s.deliveryClaim({ limit: 6, claimant: `r${i}-${k}`, now: 1, ttlMs: 5000, contents: ["v2"] })),
      ),
    );
    const ids = claims.flat().map((j) => j.id);
    assert.equal(ids.length, 30);
    assert.equal(new Set(ids).size, 30, "no delivery claimed twice");
    await closeAll(stores);
  });

  it("holds the subscription caps across replicas asking at once", async () => {
    const stores = await replicas();
    const limits = { ...LIMITS, maxPerHost: 4 };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        stores[i % 3]!.verificationRequest(intent({ callback: `https://h.test/${i}`, callbackHost: "h.test" }), limits),
      ),
    );
    assert.equal(answers.filter((a) => a.status === "queued").length, 4);
    await closeAll(stores);
  });

  it("shares one rate-limit bucket per client across replicas", async () => {
    const stores = await replicas();
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => stores[i % 3]!.rateLimitTake("k", 5, 1000)));
    assert.equal(answers.filter((a) => a.ok).length, 5);
    await closeAll(stores);
  });

  it("sweeps on one replica at a time", async () => {
    const url = await server.createDatabase();
    const [a, b] = await Promise.all([openHubStore(url), openHubStore(url)]);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [0x6875_6202]);
    assert.equal(await a.sweep(0), null, "another process holds the sweep");
    await holder.query("COMMIT");
    await holder.end();
    assert.deepEqual(await b.sweep(0), { expiredRemoved: 0, claimsRecovered: 0 });
    await closeAll([a, b]);
  });

  it("wakes the other replicas with NOTIFY when work is queued", async () => {
    const [a, b] = await replicas(2);
    let wake = () => undefined as void;
    const heard = new Promise<void>((resolve) => (wake = resolve));
    const unlisten = await b!.workListen(() => wake());
    await a!.verificationRequest(intent(), LIMITS);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("no NOTIFY in 5 s")), 5000)));
    await Promise.race([heard, late]).finally(() => clearTimeout(timer));
    await unlisten();
    await closeAll([a!, b!]);
  });

  it("listens again after its connection is cut, and looks for work missed meanwhile", async () => {
    const url = await server.createDatabase();
    const [a, b] = await Promise.all([openHubStore(url), openHubStore(url)]);
    let wakes = 0;
    const unlisten = await b.workListen(() => wakes++);
    const waitForWake = async (after: number, what: string) => {
      const end = Date.now() + 10_000;
      while (wakes <= after) {
        if (Date.now() > end) throw new Error(`no wake-up ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %'");
    await waitForWake(0, "when the connection dropped");
    // Reconnected within the first retry delay (0.5 s): a NOTIFY reaches it again.
    const end = Date.now() + 10_000;
    while ((await admin.query("SELECT 1 FROM pg_stat_activity WHERE query LIKE 'LISTEN %'")).rowCount === 0) {
      if (Date.now() > end) throw new Error("did not LISTEN again");
      await new Promise((r) => setTimeout(r, 50));
    }
    const before = wakes;
    await a.verificationRequest(intent(), LIMITS);
    await waitForWake(before, "after reconnecting");
    await admin.end();
    await unlisten();
    await closeAll([a, b]);
  });
});
