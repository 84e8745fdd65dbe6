// The embedded hub store: SQLite through node:sqlite, WAL mode, schema migrated in code, every write one transaction.
import { randomBytes } from "node:crypto";
import type { SQLOutputValue } from "node:sqlite";
import { immediate, openSqlite, prepareAll } from "../../../db/sqlite.ts";
import type {
  Claim,
  DeliveryFailure,
  DeliveryJob,
  FailureOutcome,
  HubStats,
  HubStore,
  IntentOutcome,
  IntentRequest,
  SubscriptionLimits,
  SubscriptionRecord,
  TopicContentChange,
  TopicVersion,
  VerificationJob,
} from "../store.ts";
import { migrate } from "./migrations.ts";
import { SQL } from "./statements.ts";

type Row = Record<string, SQLOutputValue>;

export function openSqliteStore(file: string): HubStore {
  const db = openSqlite(file);
  migrate(db);
  const stmt = prepareAll(db, SQL);
  const tx = <T>(fn: () => T): T => immediate(db, fn);

  const store: HubStore = {
    async topicContentSet(v: TopicVersion, now: number): Promise<TopicContentChange> {
      return tx(() => {
        const old = stmt.topicGet.get(v.topic) as Row | undefined;
        if (!old) {
          stmt.topicInsert.run(v.topic, v.sha256, v.contentType, now);
          return { first: true, changed: false, queued: 0 };
        }
        if (old["sha256"] === v.sha256) return { first: false, changed: false, queued: 0 };
        stmt.topicUpdate.run(v.sha256, v.contentType, now, v.topic);
        const queued = Number(stmt.deliveryEnqueueForTopic.run({ topic: v.topic, sha: v.sha256, now }).changes);
        return { first: false, changed: true, queued };
      });
    },

    async verificationRequest(r: IntentRequest, limits: SubscriptionLimits): Promise<IntentOutcome> {
      return tx(() => {
        if (r.mode === "subscribe" && !stmt.subscriptionExists.get(r.topic, r.callback)) {
          const args = { topic: r.topic, callback: r.callback, now: r.requestedAt };
          const perTopic = Number((stmt.countOthersByTopic.get(args) as Row)["n"]);
          if (perTopic >= limits.maxPerTopic) {
            return {
              status: "refused",
              field: "hub.topic",
              reason: `this topic has reached its limit of ${limits.maxPerTopic} subscriptions`,
            } as const;
          }
          const perHost = Number((stmt.countOthersByHost.get({ ...args, host: r.callbackHost }) as Row)["n"]);
          if (perHost >= limits.maxPerHost) {
            return {
              status: "refused",
              field: "hub.callback",
              reason: `the callback host ${r.callbackHost} has reached its limit of ${limits.maxPerHost} subscriptions`,
            } as const;
          }
        }
        stmt.verificationUpsert.run({
          token: randomBytes(12).toString("base64url"),
          mode: r.mode,
          topic: r.topic,
          callback: r.callback,
          host: r.callbackHost,
          secret: r.secret,
          lease: r.leaseSeconds,
          now: r.requestedAt,
        });
        return { status: "queued" } as const;
      });
    },

    async verificationClaim(c: Claim): Promise<VerificationJob[]> {
      const rows = stmt.verificationClaim.all({
        claimant: c.claimant,
        until: c.now + c.ttlMs,
        now: c.now,
        limit: c.limit,
      }) as Row[];
      return rows.map((row) => ({
        id: Number(row["id"]),
        token: String(row["token"]),
        mode: row["mode"] as VerificationJob["mode"],
        topic: String(row["topic"]),
        callback: String(row["callback"]),
        callbackHost: String(row["callback_host"]),
        secret: row["secret"] === null ? null : String(row["secret"]),
        leaseSeconds: Number(row["lease_seconds"]),
        reason: row["reason"] === null ? null : String(row["reason"]),
      }));
    },

    async verificationComplete(job: VerificationJob, result: { confirmed: boolean; sentAt: number }): Promise<void> {
      tx(() => {
        if (result.confirmed && job.mode === "subscribe") {
          stmt.subscriptionUpsert.run({
            topic: job.topic,
            callback: job.callback,
            host: job.callbackHost,
            secret: job.secret,
            lease: job.leaseSeconds,
            at: result.sentAt,
            expires: result.sentAt + job.leaseSeconds * 1000,
          });
        } else if (result.confirmed && job.mode === "unsubscribe") {
          stmt.subscriptionDelete.run(job.topic, job.callback);
        }
        // A newer request for the same pair has a new token and stays queued.
        stmt.verificationDelete.run(job.id, job.token);
      });
    },

    async subscriptionGet(topic: string, callback: string): Promise<SubscriptionRecord | undefined> {
      const row = stmt.subscriptionGet.get(topic, callback) as Row | undefined;
      return row && toSubscription(row);
    },

    async subscriptionDeleteExpired(now: number): Promise<number> {
      return Number(stmt.subscriptionDeleteExpired.run(now).changes);
    },

    async deliveryClaim(c: Claim): Promise<DeliveryJob[]> {
      return tx(() => {
        const claimed = stmt.deliveryClaim.all({
          claimant: c.claimant,
          until: c.now + c.ttlMs,
          now: c.now,
          limit: c.limit,
        }) as Row[];
        return claimed.map((d) => {
          const s = stmt.subscriptionGetById.get(Number(d["subscription_id"])) as Row;
          return {
            id: Number(d["id"]),
            subscriptionId: Number(d["subscription_id"]),
            topic: String(s["topic"]),
            callback: String(s["callback"]),
            secret: s["secret"] === null ? null : String(s["secret"]),
            contentSha256: String(d["content_sha256"]),
            attempts: Number(d["attempts"]),
            consecutiveFailures: Number(s["consecutive_failures"]),
          };
        });
      });
    },

    async deliveryComplete(job: DeliveryJob, claimant: string, sentSha256: string, now: number): Promise<void> {
      tx(() => {
        stmt.subscriptionResetFailures.run(job.subscriptionId);
        const done = stmt.deliveryDelete.run({ id: job.id, claimant, sha: sentSha256 }).changes;
        // A newer version was queued while this one was on its way: deliver that one next.
        if (Number(done) === 0) stmt.deliveryRelease.run({ id: job.id, claimant, next: now });
      });
    },

    async deliveryIncomplete(job: DeliveryJob, f: DeliveryFailure): Promise<FailureOutcome> {
      const { claimant, retryAt, denialReason } = f;
      return tx((): FailureOutcome => {
        const current = stmt.deliveryClaimant.get(job.id) as Row | undefined;
        if (!current || current["claimed_by"] !== claimant) return { status: "stale" };
        const s = stmt.subscriptionAddFailure.get(job.subscriptionId) as Row;
        const failures = Number(s["consecutive_failures"]);
        const next = retryAt(failures);
        if (next === null) {
          stmt.subscriptionDeleteById.run(job.subscriptionId);
          stmt.denialInsert.run({
            token: randomBytes(12).toString("base64url"),
            topic: String(s["topic"]),
            callback: String(s["callback"]),
            host: String(s["callback_host"]),
            reason: denialReason,
            now: f.now,
          });
          return { status: "removed", consecutiveFailures: failures };
        }
        stmt.deliveryRetryLater.run({ id: job.id, next });
        return { status: "retry", consecutiveFailures: failures, nextAttemptAt: next };
      });
    },

    async deliveryGone(job: DeliveryJob): Promise<void> {
      stmt.subscriptionDeleteById.run(job.subscriptionId);
    },

    async workNextDueAt(now: number): Promise<number | undefined> {
      const row = stmt.workNextDueAt.get({ now }) as Row;
      return row["due"] === null ? undefined : Number(row["due"]);
    },

    async hubStats(now: number): Promise<HubStats> {
      const counts = stmt.stats.get({ now }) as Row;
      const byTopic: Record<string, number> = {};
      for (const r of stmt.statsByTopic.all({ now }) as Row[]) byTopic[String(r["topic"])] = Number(r["n"]);
      return {
        subscriptions: { active: Number(counts["active"]), expired: Number(counts["expired"]), byTopic },
        verificationsPending: Number(counts["verifications"]),
        deliveriesPending: Number(counts["deliveries"]),
        deliveriesInFlight: Number(counts["in_flight"]),
      };
    },

    async healthCheck(): Promise<void> {
      stmt.health.get();
    },

    async close(): Promise<void> {
      if (db.isOpen) db.close();
    },
  };
  return Object.freeze(store);
}

function toSubscription(row: Row): SubscriptionRecord {
  return {
    id: Number(row["id"]),
    topic: String(row["topic"]),
    callback: String(row["callback"]),
    callbackHost: String(row["callback_host"]),
    secret: row["secret"] === null ? null : String(row["secret"]),
    leaseSeconds: Number(row["lease_seconds"]),
    verifiedAt: Number(row["verified_at"]),
    expiresAt: Number(row["expires_at"]),
    consecutiveFailures: Number(row["consecutive_failures"]),
  };
}
