// `npm run hub:migrate`, as an operator runs it: a SQLite hub copied into an empty PostgreSQL database, then again.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { openHubStore, openSqliteStore } from "../../sidecar/websub/store/open.ts";
import { startPostgres, type TestPostgres } from "../../scripts/lib/test-postgres.ts";
import { intent, LIMITS, subscribed, T, version } from "../unit/websub/store/suite.ts";

const run = promisify(execFile);
const hubMigrate = (...args: string[]) =>
  run(process.execPath, ["scripts/hub-migrate.ts", ...args], { timeout: 60_000 }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

let server: TestPostgres;
let dir: string;
before(async () => {
  server = await startPostgres();
  dir = await mkdtemp(path.join(os.tmpdir(), "hub-migrate-"));
});
after(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("npm run hub:migrate", () => {
  it("copies subscriptions, topic hashes and pending work once, however often it runs", async () => {
    const file = path.join(dir, "hub.sqlite");
    const sqlite = openSqliteStore(file);
    await subscribed(sqlite, { callback: "https://a.test/cb", secret: "sekrit", leaseSeconds: 5000 }, 1000);
    await subscribed(sqlite, { callback: "https://b.test/cb", callbackHost: "b.test", secret: null }, 1000);
    await sqlite.topicContentSet(version("v1", 10), 1000);
    await sqlite.topicContentSet(version("v2", 20), 1000);
    const [failed] = await sqlite.deliveryClaim({
      limit: 1,
      claimant: "old",
      now: 1000,
      ttlMs: 5000,
      contents: ["v2"],
    });
    await sqlite.deliveryIncomplete(failed!, {
      claimant: "old",
      now: 1000,
      retryAt: () => 2000,
      denialReason: "x",
    });
    await sqlite.verificationRequest(
      intent({ callback: "https://c.test/cb", callbackHost: "c.test", requestedAt: 1500 }),
      LIMITS,
    );
    await sqlite.close();
    const url = await server.createDatabase();

    const first = await hubMigrate("--from", file, "--to", url);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /subscriptions: 2 read, 2 copied, 0 already there/);
    const again = await hubMigrate("--from", file, "--to", url);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /subscriptions: 2 read, 0 copied, 2 already there/);
    assert.match(again.stdout, /deliveries: 2 read, 0 copied, 2 already there/);

    const pg = await openHubStore(url);
    try {
      const a = await pg.subscriptionGet(T, "https://a.test/cb");
      assert.deepEqual([a?.secret, a?.expiresAt, a?.leaseSeconds], ["sekrit", 1000 + 5_000_000, 5000]);
      const failures = [a, await pg.subscriptionGet(T, "https://b.test/cb")].map((s) => s?.consecutiveFailures);
      assert.deepEqual(failures.sort(), [0, 1], "the failure count came along");
      const stats = await pg.hubStats(3000);
      assert.deepEqual([stats.subscriptions.active, stats.deliveriesPending, stats.verificationsPending], [2, 2, 1]);
      assert.equal((await pg.topicContentSet(version("v2", 20), 3000)).queued, 0, "the last pushed hash came along");
      const jobs = await pg.deliveryClaim({ limit: 10, claimant: "new", now: 3000, ttlMs: 5000, contents: ["v2"] });
      assert.equal(jobs.length, 2, "pending deliveries are claimable, the old claims gone");
    } finally {
      await pg.close();
    }
  });

  it("says what is wrong with its arguments or the database", async () => {
    assert.equal((await hubMigrate()).code, 2);
    const noFile = await hubMigrate("--from", path.join(dir, "none.sqlite"), "--to", server.url("x"));
    assert.match(noFile.stderr, /--from: no such file/);
    const notPg = await hubMigrate("--from", "package.json", "--to", "mysql://h/db");
    assert.match(notPg.stderr, /--to: expected a postgres:\/\/ URL/);
    const empty = path.join(dir, "empty.sqlite");
    await openSqliteStore(empty).close();
    const down = await hubMigrate("--from", empty, "--to", "postgres://u:p@127.0.0.1:1/none");
    assert.equal(down.code, 1);
    assert.match(down.stderr, /hub:migrate failed: .*ECONNREFUSED/);
  });
});
