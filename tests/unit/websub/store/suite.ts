// The hub store's behaviour, one suite run against each engine (SQLite and PostgreSQL): state changes only on
// verified intents, an outbox with expiring claims, failures, leases, the release sequence, rate limits, sweeps.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { HubStore, IntentRequest } from "../../../../sidecar/websub/store/store.ts";

export const T = "https://site.test/reviews.json";
export const LIMITS = { maxPerTopic: 100, maxPerHost: 100 };

export const intent = (over: Partial<IntentRequest> = {}): IntentRequest => ({
  topic: T,
  callback: "https://a.test/cb",
  callbackHost: "a.test",
  mode: "subscribe",
  secret: "s1",
  leaseSeconds: 100,
  requestedAt: 0,
  ...over,
});

/** The topic as a release published at `releasedAt` holds it. */
export const version = (sha256: string, releasedAt: number, topic = T) => ({
  topic,
  sha256,
  contentType: "application/json",
  releasedAt,
});

/** Requests and confirms a subscription, as a successful verification would. */
export async function subscribed(store: HubStore, over: Partial<IntentRequest> = {}, at = 0) {
  assert.deepEqual(await store.verificationRequest(intent(over), LIMITS), { status: "queued" });
  const [job] = await store.verificationClaim({ limit: 1, claimant: "w", now: at, ttlMs: 1000 });
  await store.verificationComplete(job!, { confirmed: true, sentAt: at });
}

const HELD = ["v1", "v2", "v3"];

export function describeHubStore(engine: string, open: () => Promise<HubStore>): void {
  describe(`hub store on ${engine}`, () => {
    let store: HubStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    const claimDeliveries = (now: number, claimant = "w", ttlMs = 1000, contents = HELD) =>
      store.deliveryClaim({ limit: 10, claimant, now, ttlMs, contents });
    const retry = (now: number) => ({
      claimant: "w",
      now,
      retryAt: (n: number) => (n < 3 ? now + 10 : null),
      denialReason: "3 consecutive content deliveries failed",
    });
    /** A subscription with a first version recorded, then a change to v2 queued. */
    const pending = async () => {
      await subscribed(store);
      await store.topicContentSet(version("v1", 1), 0);
      await store.topicContentSet(version("v2", 2), 0);
    };

    it("changes a subscription only when verification succeeds; a verified re-subscribe replaces the whole state", async () => {
      await subscribed(store, {}, 1000);
      await store.verificationRequest(intent({ secret: "s2", leaseSeconds: 500 }), LIMITS);
      const [refused] = await store.verificationClaim({ limit: 1, claimant: "w", now: 2000, ttlMs: 1000 });
      await store.verificationComplete(refused!, { confirmed: false, sentAt: 2000 });
      const kept = await store.subscriptionGet(T, "https://a.test/cb");
      assert.equal(kept?.secret, "s1");
      assert.equal(kept?.expiresAt, 1000 + 100_000);

      await subscribed(store, { secret: null, leaseSeconds: 300 }, 5000);
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
      await store.verificationComplete(next, { confirmed: true, sentAt: 1 });
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

    it("queues a delivery per active subscription when, and only when, a newer release changes the topic", async () => {
      await subscribed(store, { callback: "https://a.test/1" });
      await subscribed(store, { callback: "https://a.test/short", leaseSeconds: 1 });
      const outcome = (first: boolean, changed: boolean, stale: boolean, seq: number, queued: number) => ({
        first,
        changed,
        stale,
        seq,
        queued,
      });
      assert.deepEqual(await store.topicContentSet(version("v1", 10), 10), outcome(true, false, false, 0, 0));
      assert.deepEqual(await store.topicContentSet(version("v1", 20), 20), outcome(false, false, false, 0, 0));
      assert.deepEqual(await store.topicContentSet(version("v2", 30), 2000), outcome(false, true, false, 1, 1));
      assert.deepEqual(
        await store.topicContentSet(version("v2", 30), 2001),
        outcome(false, false, false, 1, 0),
        "the same release reported by a second replica queues nothing",
      );
      const jobs = await claimDeliveries(2000);
      assert.deepEqual(
        jobs.map((j) => [j.callback, j.contentSha256, j.secret]),
        [["https://a.test/1", "v2", "s1"]],
      );
    });

    it("never queues an older release's content, and pushes a revert (A, B, then A again)", async () => {
      await subscribed(store);
      await store.topicContentSet(version("A", 100), 0);
      assert.equal((await store.topicContentSet(version("B", 200), 1)).seq, 1);
      const old = await store.topicContentSet(version("A", 100), 2);
      assert.deepEqual([old.stale, old.changed, old.queued], [true, false, 0], "a replica still on release 100");
      const [b] = await claimDeliveries(3, "w", 1000, ["A", "B"]);
      assert.equal(b?.contentSha256, "B");
      await store.deliveryComplete(b, "w", "B", 4);
      const revert = await store.topicContentSet(version("A", 300), 5);
      assert.deepEqual([revert.changed, revert.seq, revert.queued], [true, 2, 1]);
      const [a] = await claimDeliveries(6, "w", 1000, ["A", "B"]);
      assert.equal(a?.contentSha256, "A");
    });

    it("claims only deliveries of content the claimant holds, and a claim left is free for another at once", async () => {
      await pending();
      assert.deepEqual(await claimDeliveries(0, "old-release", 1000, ["v1"]), []);
      assert.equal(await store.workNextDueAt(0, ["v1"]), undefined, "nothing for it to wait for");
      assert.equal(await store.workNextDueAt(0, ["v2"]), 0);
      const [job] = await claimDeliveries(0, "moved-on", 1000, ["v2"]);
      assert.equal(await store.deliveryLeave(job!, "someone-else"), false);
      assert.equal(await store.deliveryLeave(job!, "moved-on"), true);
      const [again] = await claimDeliveries(1, "holder", 1000, ["v2"]);
      assert.deepEqual([again?.id, again?.attempts], [job!.id, 0], "leaving is not a failed attempt");
    });

    it("claims expire: a crashed worker's delivery is taken over, and its late report is ignored", async () => {
      await pending();
      const [job] = await claimDeliveries(0, "dead", 1000);
      assert.deepEqual(await claimDeliveries(500, "alive"), [], "claimed, not yet expired");
      assert.equal(await store.workNextDueAt(500, HELD), 1000, "the worker wakes when the claim expires");
      const [taken] = await claimDeliveries(1000, "alive");
      assert.equal(taken?.id, job!.id);
      assert.deepEqual(await store.deliveryIncomplete(job!, { ...retry(1001), claimant: "dead" }), {
        status: "stale",
      });
      await store.deliveryComplete(taken, "alive", "v2", 1002);
      assert.equal((await store.hubStats(1003)).deliveriesPending, 0);
    });

    it("a newer version queued during an attempt is delivered next", async () => {
      await pending();
      const [job] = await claimDeliveries(0);
      await store.topicContentSet(version("v3", 3), 1);
      await store.deliveryComplete(job!, "w", "v2", 2);
      const [next] = await claimDeliveries(2);
      assert.equal(next?.contentSha256, "v3");
    });

    it("removes a subscription after 3 consecutive failures and queues its denial; a success resets the count", async () => {
      await pending();
      let [job] = await claimDeliveries(0);
      assert.deepEqual(await store.deliveryIncomplete(job!, retry(0)), {
        status: "retry",
        consecutiveFailures: 1,
        nextAttemptAt: 10,
      });
      [job] = await claimDeliveries(10);
      await store.deliveryComplete(job!, "w", "v2", 11);
      assert.equal((await store.subscriptionGet(T, "https://a.test/cb"))?.consecutiveFailures, 0);

      await store.topicContentSet(version("v3", 3), 20);
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

    it("410 Gone removes at once; expired leases get nothing and are swept with expired claims", async () => {
      await subscribed(store, { callback: "https://a.test/gone" });
      await subscribed(store, { callback: "https://a.test/short", leaseSeconds: 1 });
      await subscribed(store, { callback: "https://a.test/crashed" });
      await store.topicContentSet(version("v1", 1), 0);
      await store.topicContentSet(version("v2", 2), 500);
      const jobs = await claimDeliveries(1500);
      assert.deepEqual(jobs.map((j) => j.callback).sort(), ["https://a.test/crashed", "https://a.test/gone"]);
      await store.deliveryGone(jobs.find((j) => j.callback.endsWith("/gone"))!);
      assert.equal(await store.subscriptionGet(T, "https://a.test/gone"), undefined);
      assert.equal((await store.hubStats(1500)).subscriptions.expired, 1);
      assert.deepEqual(await store.sweep(1600), { expiredRemoved: 1, claimsRecovered: 0 });
      assert.deepEqual(await store.sweep(2600), { expiredRemoved: 0, claimsRecovered: 1 }, "the claim ended at 2500");
      assert.deepEqual((await store.hubStats(2600)).subscriptions, {
        active: 1,
        expired: 0,
        byTopic: { [T]: 1 },
      });
      assert.equal(await store.subscriptionDeleteExpired(2600), 0);
    });

    it("counts the rate limit per key in the store: a burst of perMinute, then a wait the bucket's refill needs", async () => {
      for (let i = 0; i < 3; i++) assert.deepEqual(await store.rateLimitTake("192.0.2.1", 3, 1000), { ok: true });
      assert.deepEqual(await store.rateLimitTake("192.0.2.1", 3, 1000), { ok: false, retryAfterSeconds: 20 });
      assert.deepEqual(await store.rateLimitTake("192.0.2.2", 3, 1000), { ok: true }, "another client");
      assert.deepEqual(await store.rateLimitTake("192.0.2.1", 3, 21_001), { ok: true }, "one token back after 20 s");
      assert.equal((await store.rateLimitTake("192.0.2.1", 3, 21_001)).ok, false);
      await store.sweep(90_000);
      for (let i = 0; i < 3; i++) assert.equal((await store.rateLimitTake("192.0.2.1", 3, 90_000)).ok, true);
    });
  });
}
