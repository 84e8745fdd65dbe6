// The SQLite hub store: state changes only on verified intents, an outbox with expiring claims, failures, leases, restarts.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, it } from "node:test";
import { MIGRATIONS, SchemaTooNewError } from "../../../sidecar/websub/store/sqlite/migrations.ts";
import { openSqliteStore } from "../../../sidecar/websub/store/sqlite/store.ts";
import type { HubStore, IntentRequest } from "../../../sidecar/websub/store/store.ts";

const T = "https://site.test/reviews.json";
const LIMITS = { maxPerTopic: 100, maxPerHost: 100 };
let dir: string;
let file: string;
let store: HubStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "hub-store-"));
  file = path.join(dir, "var", "hub.sqlite");
  store = openSqliteStore(file);
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const intent = (over: Partial<IntentRequest> = {}): IntentRequest => ({
  topic: T,
  callback: "https://a.test/cb",
  callbackHost: "a.test",
  mode: "subscribe",
  secret: "s1",
  leaseSeconds: 100,
  requestedAt: 0,
  ...over,
});

/** Requests and confirms a subscription, as a successful verification would. */
async function subscribed(over: Partial<IntentRequest> = {}, at = 0) {
  assert.deepEqual(await store.verificationRequest(intent(over), LIMITS), { status: "queued" });
  const [job] = await store.verificationClaim({ limit: 1, claimant: "w", now: at, ttlMs: 1000 });
  await store.verificationComplete(job!, { confirmed: true, sentAt: at });
}

const claimDeliveries = (now: number, claimant = "w", ttlMs = 1000) =>
  store.deliveryClaim({ limit: 10, claimant, now, ttlMs });
const retry = (now: number) => ({
  claimant: "w",
  now,
  retryAt: (n: number) => (n < 3 ? now + 10 : null),
  denialReason: "3 consecutive content deliveries failed",
});

describe("SQLite hub store", () => {
  it("creates its directory, uses WAL and migrates in code; data survives a reopen", async () => {
    await subscribed();
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
  });

  it("changes a subscription only when verification succeeds; a verified re-subscribe replaces the whole state", async () => {
    await subscribed({}, 1000);
    await store.verificationRequest(intent({ secret: "s2", leaseSeconds: 500 }), LIMITS);
    const [refused] = await store.verificationClaim({ limit: 1, claimant: "w", now: 2000, ttlMs: 1000 });
    await store.verificationComplete(refused!, { confirmed: false, sentAt: 2000 });
    const kept = await store.subscriptionGet(T, "https://a.test/cb");
    assert.equal(kept?.secret, "s1");
    assert.equal(kept?.expiresAt, 1000 + 100_000);

    await subscribed({ secret: null, leaseSeconds: 300 }, 5000);
    const renewed = await store.subscriptionGet(T, "https://a.test/cb");
    assert.equal(renewed?.secret, null, "a re-subscribe without hub.secret drops the old one");
    assert.equal(renewed?.expiresAt, 5000 + 300_000);
    assert.equal((await store.hubStats(6000)).subscriptions.active, 1, "renewed, not duplicated");
  });

  it("keeps one pending intent per pair; a newer request replaces it without being lost to the older one's completion", async () => {
    await store.verificationRequest(intent({ secret: "old" }), LIMITS);
    const [inFlight] = await store.verificationClaim({ limit: 5, claimant: "w", now: 0, ttlMs: 1000 });
    await store.verificationRequest(intent({ mode: "unsubscribe", secret: null }), LIMITS);
    await store.verificationComplete(inFlight!, { confirmed: true, sentAt: 0 });
    assert.equal((await store.subscriptionGet(T, "https://a.test/cb"))?.secret, "old");
    const [next] = await store.verificationClaim({ limit: 5, claimant: "w", now: 1, ttlMs: 1000 });
    assert.equal(next?.mode, "unsubscribe");
    await store.verificationComplete(next!, { confirmed: true, sentAt: 1 });
    assert.equal(await store.subscriptionGet(T, "https://a.test/cb"), undefined);
  });

  it("refuses new pairs over the per-host and per-topic caps, counting pending intents; renewals still pass", async () => {
    const limits = { maxPerTopic: 3, maxPerHost: 2 };
    const ask = (cb: string, host: string) =>
      store.verificationRequest(intent({ callback: cb, callbackHost: host }), limits);
    assert.equal((await ask("https://a.test/1", "a.test")).status, "queued");
    assert.equal((await ask("https://a.test/2", "a.test")).status, "queued");
    assert.deepEqual(await ask("https://a.test/3", "a.test"), {
      status: "refused",
      field: "hub.callback",
      reason: "the callback host a.test has reached its limit of 2 subscriptions",
    });
    assert.equal((await ask("https://a.test/1", "a.test")).status, "queued", "the same pair again is a renewal");
    assert.equal((await ask("https://b.test/1", "b.test")).status, "queued");
    assert.equal((await ask("https://c.test/1", "c.test")).status, "refused");
  });

  it("queues a delivery per active subscription when, and only when, a topic's hash changes", async () => {
    await subscribed({ callback: "https://a.test/1" });
    await subscribed({ callback: "https://a.test/short", leaseSeconds: 1 });
    assert.deepEqual(await store.topicContentSet({ topic: T, sha256: "v1", contentType: "application/json" }, 10), {
      first: true,
      changed: false,
      queued: 0,
    });
    assert.deepEqual(await store.topicContentSet({ topic: T, sha256: "v1", contentType: "application/json" }, 20), {
      first: false,
      changed: false,
      queued: 0,
    });
    assert.deepEqual(await store.topicContentSet({ topic: T, sha256: "v2", contentType: "application/json" }, 2000), {
      first: false,
      changed: true,
      queued: 1,
    });
    const jobs = await claimDeliveries(2000);
    assert.deepEqual(
      jobs.map((j) => [j.callback, j.contentSha256, j.secret]),
      [["https://a.test/1", "v2", "s1"]],
    );
  });

  it("claims expire: a crashed worker's delivery is taken over, and its late report is ignored", async () => {
    await subscribed();
    await store.topicContentSet({ topic: T, sha256: "v1", contentType: "x" }, 0);
    await store.topicContentSet({ topic: T, sha256: "v2", contentType: "x" }, 0);
    const [job] = await claimDeliveries(0, "dead", 1000);
    assert.deepEqual(await claimDeliveries(500, "alive"), [], "claimed, not yet expired");
    assert.equal(await store.workNextDueAt(500), 1000, "the worker wakes when the claim expires");
    const [taken] = await claimDeliveries(1000, "alive");
    assert.equal(taken?.id, job!.id);
    assert.deepEqual(await store.deliveryIncomplete(job!, { ...retry(1001), claimant: "dead" }), { status: "stale" });
    await store.deliveryComplete(taken!, "alive", "v2", 1002);
    assert.equal((await store.hubStats(1003)).deliveriesPending, 0);
  });

  it("a newer version queued during an attempt is delivered next", async () => {
    await subscribed();
    await store.topicContentSet({ topic: T, sha256: "v1", contentType: "x" }, 0);
    await store.topicContentSet({ topic: T, sha256: "v2", contentType: "x" }, 0);
    const [job] = await claimDeliveries(0);
    await store.topicContentSet({ topic: T, sha256: "v3", contentType: "x" }, 1);
    await store.deliveryComplete(job!, "w", "v2", 2);
    const [next] = await claimDeliveries(2);
    assert.equal(next?.contentSha256, "v3");
  });

  it("removes a subscription after 3 consecutive failures and queues its denial; a success resets the count", async () => {
    await subscribed();
    await store.topicContentSet({ topic: T, sha256: "v1", contentType: "x" }, 0);
    await store.topicContentSet({ topic: T, sha256: "v2", contentType: "x" }, 0);
    let [job] = await claimDeliveries(0);
    assert.deepEqual(await store.deliveryIncomplete(job!, retry(0)), {
      status: "retry",
      consecutiveFailures: 1,
      nextAttemptAt: 10,
    });
    [job] = await claimDeliveries(10);
    await store.deliveryComplete(job!, "w", "v2", 11);
    assert.equal((await store.subscriptionGet(T, "https://a.test/cb"))?.consecutiveFailures, 0);

    await store.topicContentSet({ topic: T, sha256: "v3", contentType: "x" }, 20);
    for (const [at, expected] of [
      [20, "retry"],
      [30, "retry"],
      [40, "removed"],
    ] as const) {
      [job] = await claimDeliveries(at);
      assert.equal((await store.deliveryIncomplete(job!, retry(at))).status, expected);
    }
    assert.equal(await store.subscriptionGet(T, "https://a.test/cb"), undefined);
    assert.equal((await store.hubStats(50)).deliveriesPending, 0);
    const [denial] = await store.verificationClaim({ limit: 5, claimant: "w", now: 50, ttlMs: 1000 });
    assert.deepEqual(
      [denial?.mode, denial?.topic, denial?.callback, denial?.reason],
      ["denied", T, "https://a.test/cb", "3 consecutive content deliveries failed"],
    );
  });

  it("410 Gone removes at once; expired leases get nothing and are swept", async () => {
    await subscribed({ callback: "https://a.test/gone" });
    await subscribed({ callback: "https://a.test/short", leaseSeconds: 1 });
    await store.topicContentSet({ topic: T, sha256: "v1", contentType: "x" }, 0);
    await store.topicContentSet({ topic: T, sha256: "v2", contentType: "x" }, 500);
    const jobs = await claimDeliveries(1500);
    assert.deepEqual(
      jobs.map((j) => j.callback),
      ["https://a.test/gone"],
      "the 1 s lease ended at 1000",
    );
    await store.deliveryGone(jobs[0]!);
    assert.equal(await store.subscriptionGet(T, "https://a.test/gone"), undefined);
    assert.equal((await store.hubStats(1500)).subscriptions.expired, 1);
    assert.equal(await store.subscriptionDeleteExpired(1500), 1);
    assert.deepEqual((await store.hubStats(1500)).subscriptions, { active: 0, expired: 0, byTopic: {} });
    assert.equal(await store.workNextDueAt(1500), undefined);
  });
});
