// The embedded hub store: SQLite through node:sqlite, WAL mode, schema migrated in code, every write one transaction.
import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { immediate, prepareAll } from "../../../db/sqlite.ts";
import { openHubDatabase } from "../../../db/hub-database.ts";
import {
  CAP_REFUSALS,
  type Row,
  TOPIC_CHANGES_KEPT,
  toDeliveryJob,
  toRateDecision,
  toSubscription,
  toVerificationJob,
} from "../rows.ts";
import type { FailureOutcome, HubStore } from "../store.ts";
import { topicOutcome, topicStep } from "../topic-version.ts";
import { migrate } from "./migrations.ts";
import { SQL } from "./statements.ts";

/** Opens (creating) the SQLite file and the store on it; the store's close() closes the file. */
export function openSqliteStore(file: string): HubStore {
  const database = openHubDatabase(file);
  if (database.engine !== "sqlite") throw new Error(`not a SQLite file path: ${file}`);
  return createSqliteStore(database.db, database.close);
}

/** The store on an open database (one process only: claims here exclude other workers of this process alone). */
export function createSqliteStore(db: DatabaseSync, close: () => Promise<void>): HubStore {
  migrate(db);
  const stmt = prepareAll(db, SQL);
  const tx = <T>(fn: () => T): T => immediate(db, fn);
  const token = () => randomBytes(12).toString("base64url");

  const store: HubStore = {
    async topicContentSet(v, now) {
      return tx(() => {
        const row = stmt.topicGet.get(v.topic) as Row | undefined;
        const stored = row && {
          sha256: String(row["sha256"]),
          releasedAt: Number(row["released_at"]),
          seq: Number(row["seq"]),
        };
        const step = topicStep(stored, v);
        if (step === "first") stmt.topicInsert.run(v.topic, v.sha256, v.contentType, now, v.releasedAt);
        if (step === "advance") stmt.topicReleaseAdvance.run(v.releasedAt, v.topic);
        if (step !== "change") return topicOutcome(step, stored?.seq ?? 0);
        const args = { topic: v.topic, sha: v.sha256, type: v.contentType, now, released: v.releasedAt };
        const seq = Number((stmt.topicChange.get(args) as Row)["seq"]);
        stmt.topicChangeRecord.run({ topic: v.topic, seq, released: v.releasedAt, sha: v.sha256, now });
        const queued = Number(stmt.deliveryEnqueueForTopic.run({ topic: v.topic, sha: v.sha256, now }).changes);
        return topicOutcome(step, seq, queued);
      });
    },

    async verificationRequest(r, limits) {
      return tx(() => {
        if (r.mode === "subscribe" && !stmt.subscriptionExists.get(r.topic, r.callback)) {
          const args = { topic: r.topic, callback: r.callback, now: r.requestedAt };
          const perTopic = Number((stmt.countOthersByTopic.get(args) as Row)["n"]);
          if (perTopic >= limits.maxPerTopic) return CAP_REFUSALS.topic(limits.maxPerTopic);
          const perHost = Number((stmt.countOthersByHost.get({ ...args, host: r.callbackHost }) as Row)["n"]);
          if (perHost >= limits.maxPerHost) return CAP_REFUSALS.host(r.callbackHost, limits.maxPerHost);
        }
        stmt.verificationUpsert.run({
          token: token(),
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

    async verificationClaim(c) {
      const args = { claimant: c.claimant, until: c.now + c.ttlMs, now: c.now, limit: c.limit };
      return (stmt.verificationClaim.all(args) as Row[]).map(toVerificationJob);
    },

    async verificationComplete(job, result) {
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

    async subscriptionGet(topic, callback) {
      const row = stmt.subscriptionGet.get(topic, callback) as Row | undefined;
      return row && toSubscription(row);
    },

    async subscriptionDeleteExpired(now) {
      return Number(stmt.subscriptionDeleteExpired.run(now).changes);
    },

    async deliveryClaim(c) {
      return tx(() => {
        const claimed = stmt.deliveryClaim.all({
          claimant: c.claimant,
          until: c.now + c.ttlMs,
          now: c.now,
          limit: c.limit,
          contents: JSON.stringify(c.contents),
          skip: JSON.stringify(c.skipHosts ?? []),
        }) as Row[];
        return claimed.map((d) => {
          const s = stmt.subscriptionGetById.get(Number(d["subscription_id"])) as Row;
          return toDeliveryJob({ ...d, ...s });
        });
      });
    },

    async deliveryLeave(job, claimant) {
      return Number(stmt.deliveryLeave.run({ id: job.id, claimant }).changes) > 0;
    },

    async deliveryComplete(job, claimant, sentSha256, now) {
      tx(() => {
        stmt.subscriptionResetFailures.run(job.subscriptionId);
        const done = stmt.deliveryDelete.run({ id: job.id, claimant, sha: sentSha256 }).changes;
        // A newer version was queued while this one was on its way: deliver that one next.
        if (Number(done) === 0) stmt.deliveryRelease.run({ id: job.id, claimant, next: now });
      });
    },

    async deliveryIncomplete(job, f) {
      return tx((): FailureOutcome => {
        const current = stmt.deliveryClaimant.get(job.id) as Row | undefined;
        if (!current || current["claimed_by"] !== f.claimant) return { status: "stale" };
        const s = stmt.subscriptionAddFailure.get(job.subscriptionId) as Row;
        const failures = Number(s["consecutive_failures"]);
        const next = f.retryAt(failures);
        if (next === null) {
          stmt.subscriptionDeleteById.run(job.subscriptionId);
          stmt.denialInsert.run({
            token: token(),
            topic: String(s["topic"]),
            callback: String(s["callback"]),
            host: String(s["callback_host"]),
            reason: f.denialReason,
            now: f.now,
          });
          return { status: "removed", consecutiveFailures: failures };
        }
        stmt.deliveryRetryLater.run({ id: job.id, next });
        return { status: "retry", consecutiveFailures: failures, nextAttemptAt: next };
      });
    },

    async deliveryGone(job) {
      stmt.subscriptionDeleteById.run(job.subscriptionId);
    },

    async rateLimitTake(key, perMinute, now) {
      const row = stmt.rateLimitTake.get({ key, cap: perMinute, perMs: perMinute / 60_000, now }) as Row;
      return toRateDecision(row, perMinute);
    },

    async sweep(now) {
      return tx(() => {
        const expiredRemoved = Number(stmt.subscriptionDeleteExpired.run(now).changes);
        const claimsRecovered =
          Number(stmt.claimsRecoverDeliveries.run({ now }).changes) +
          Number(stmt.claimsRecoverVerifications.run({ now }).changes);
        stmt.rateLimitForget.run({ now });
        stmt.topicChangesPrune.run({ keep: TOPIC_CHANGES_KEPT });
        return { expiredRemoved, claimsRecovered };
      });
    },

    // One process: the worker is kicked in-process whenever this store queues work, so there is nothing to hear.
    workListen: async () => async () => undefined,

    async workNextDueAt(now, contents) {
      const row = stmt.workNextDueAt.get({ now, contents: JSON.stringify(contents) }) as Row;
      return row["due"] === null ? undefined : Number(row["due"]);
    },

    async hubStats(now) {
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

    async healthCheck() {
      stmt.health.get();
    },

    close,
  };
  return Object.freeze(store);
}
