// The hub store over HUB_DB's SQL, written once for both engines; each gives its dialect of a few statements and how
// other processes hear of queued work.
import { randomBytes } from "node:crypto";
import type { Query, Sql } from "../../db/sql.ts";
import { TOPIC_CHANGES_KEPT, toDeliveryJob, toRateDecision, toSubscription, toVerificationJob } from "./rows.ts";
import { type HubDialect, SQL } from "./statements.ts";
import type { FailureOutcome, HubStore, IntentOutcome, TopicContentChange, TopicVersion } from "./store.ts";

export type SqlStoreOptions = Readonly<{
  sql: Sql;
  dialect: HubDialect;
  workListen: HubStore["workListen"];
  close: () => Promise<void>;
}>;

/** The store on `sql`, whose tables are already migrated. */
export function createSqlStore(options: SqlStoreOptions): HubStore {
  const { sql, dialect: D } = options;
  const token = () => randomBytes(12).toString("base64url");
  const notify = async (q: Query) => void (D.notify && (await q(D.notify)));

  const store: HubStore = {
    topicContentSet: (v, now) =>
      sql.transaction(async (q) => {
        const inserted = await q(SQL.topicInsert, [v.topic, v.sha256, v.contentType, now, v.releasedAt]);
        if (inserted.rowCount > 0) return topicOutcome("first", 0);
        const row = (await q(D.topicLock, [v.topic])).rows[0]!;
        const stored = {
          sha256: String(row["sha256"]),
          releasedAt: Number(row["released_at"]),
          seq: Number(row["seq"]),
        };
        const step = topicStep(stored, v);
        if (step === "advance") await q(SQL.topicReleaseAdvance, [v.topic, v.releasedAt]);
        if (step !== "change") return topicOutcome(step, stored.seq);
        const changed = await q(SQL.topicChange, [v.topic, v.sha256, v.contentType, now, v.releasedAt]);
        const seq = Number(changed.rows[0]!["seq"]);
        await q(SQL.topicChangeRecord, [v.topic, seq, v.releasedAt, v.sha256, now]);
        const queued = (await q(SQL.deliveryEnqueueForTopic, [v.topic, v.sha256, now])).rowCount;
        if (queued > 0) await notify(q);
        return topicOutcome(step, seq, queued);
      }),

    verificationRequest: (r, limits) =>
      sql.transaction(async (q) => {
        if (r.mode === "subscribe") {
          if (D.subscribeLock) await q(D.subscribeLock);
          if ((await q(SQL.subscriptionExists, [r.topic, r.callback])).rowCount === 0) {
            const args = [r.topic, r.callback, r.requestedAt];
            const perTopic = Number((await q(SQL.countOthersByTopic, args)).rows[0]!["n"]);
            if (perTopic >= limits.maxPerTopic)
              return refused("hub.topic", `this topic has reached its limit of ${limits.maxPerTopic} subscriptions`);
            const perHost = Number((await q(SQL.countOthersByHost, [...args, r.callbackHost])).rows[0]!["n"]);
            if (perHost >= limits.maxPerHost)
              return refused(
                "hub.callback",
                `the callback host ${r.callbackHost} has reached its limit of ${limits.maxPerHost} subscriptions`,
              );
          }
        }
        await q(SQL.verificationUpsert, [
          token(),
          r.mode,
          r.topic,
          r.callback,
          r.callbackHost,
          r.secret,
          r.leaseSeconds,
          r.requestedAt,
        ]);
        await notify(q);
        return { status: "queued" } as const;
      }),

    verificationClaim: async (c) =>
      (await sql.query(D.verificationClaim, [c.claimant, c.now + c.ttlMs, c.now, c.limit])).rows.map(toVerificationJob),

    verificationComplete: (job, result) =>
      sql.transaction(async (q) => {
        if (result.confirmed && job.mode === "subscribe") {
          const expires = result.sentAt + job.leaseSeconds * 1000;
          const args = [
            job.topic,
            job.callback,
            job.callbackHost,
            job.secret,
            job.leaseSeconds,
            result.sentAt,
            expires,
          ];
          await q(SQL.subscriptionUpsert, args);
        } else if (result.confirmed && job.mode === "unsubscribe") {
          await q(SQL.subscriptionDelete, [job.topic, job.callback]);
        }
        // A newer request for the same pair has a new token and stays queued.
        await q(SQL.verificationDelete, [job.id, job.token]);
      }),

    subscriptionGet: async (topic, callback) => {
      const row = (await sql.query(SQL.subscriptionGet, [topic, callback])).rows[0];
      return row && toSubscription(row);
    },

    subscriptionDeleteExpired: async (now) => (await sql.query(SQL.subscriptionDeleteExpired, [now])).rowCount,

    deliveryClaim: async (c) =>
      (
        await sql.query(D.deliveryClaim, [c.claimant, c.now + c.ttlMs, c.now, c.limit, c.contents, c.skipHosts ?? []])
      ).rows.map(toDeliveryJob),

    deliveryLeave: (job, claimant) =>
      sql.transaction(async (q) => {
        const left = (await q(SQL.deliveryLeave, [job.id, claimant])).rowCount > 0;
        // Another replica may hold the content: tell them it is there to take.
        if (left) await notify(q);
        return left;
      }),

    deliveryComplete: (job, claimant, sentSha256, now) =>
      sql.transaction(async (q) => {
        await q(SQL.subscriptionResetFailures, [job.subscriptionId]);
        const done = await q(SQL.deliveryDelete, [job.id, claimant, sentSha256]);
        // A newer version was queued while this one was on its way: deliver that one next.
        if (done.rowCount === 0) await q(SQL.deliveryRelease, [job.id, claimant, now]);
      }),

    deliveryIncomplete: (job, f) =>
      sql.transaction(async (q): Promise<FailureOutcome> => {
        const current = (await q(D.deliveryClaimant, [job.id])).rows[0];
        if (!current || current["claimed_by"] !== f.claimant) return { status: "stale" };
        const s = (await q(SQL.subscriptionAddFailure, [job.subscriptionId])).rows[0]!;
        const failures = Number(s["consecutive_failures"]);
        const next = f.retryAt(failures);
        if (next === null) {
          await q(SQL.subscriptionDeleteById, [job.subscriptionId]);
          const denial = [token(), s["topic"], s["callback"], s["callback_host"], f.denialReason, f.now];
          await q(SQL.denialInsert, denial);
          await notify(q);
          return { status: "removed", consecutiveFailures: failures };
        }
        await q(SQL.deliveryRetryLater, [job.id, next]);
        return { status: "retry", consecutiveFailures: failures, nextAttemptAt: next };
      }),

    deliveryGone: async (job) => void (await sql.query(SQL.subscriptionDeleteById, [job.subscriptionId])),

    rateLimitTake: async (key, perMinute, now) => {
      const row = (await sql.query(D.rateLimitTake, [key, perMinute, perMinute / 60_000, now])).rows[0]!;
      return toRateDecision(row, perMinute);
    },

    sweep: (now) =>
      sql.transaction(async (q) => {
        if (D.sweepLock && (await q(D.sweepLock)).rows[0]!["locked"] !== true) return null;
        const expiredRemoved = (await q(SQL.subscriptionDeleteExpired, [now])).rowCount;
        const claimsRecovered =
          (await q(SQL.claimsRecoverDeliveries, [now])).rowCount +
          (await q(SQL.claimsRecoverVerifications, [now])).rowCount;
        await q(SQL.rateLimitForget, [now]);
        await q(D.topicChangesPrune, [TOPIC_CHANGES_KEPT]);
        if (claimsRecovered > 0) await notify(q);
        return { expiredRemoved, claimsRecovered };
      }),

    workListen: options.workListen,

    workNextDueAt: async (now, contents) => {
      const due = (await sql.query(D.workNextDueAt, [now, contents])).rows[0]?.["due"];
      return due === null || due === undefined ? undefined : Number(due);
    },

    hubStats: async (now) => {
      const counts = (await sql.query(SQL.stats, [now])).rows[0]!;
      const byTopic: Record<string, number> = {};
      for (const r of (await sql.query(SQL.statsByTopic, [now])).rows) byTopic[String(r["topic"])] = Number(r["n"]);
      return {
        subscriptions: { active: Number(counts["active"]), expired: Number(counts["expired"]), byTopic },
        verificationsPending: Number(counts["verifications"]),
        deliveriesPending: Number(counts["deliveries"]),
        deliveriesInFlight: Number(counts["in_flight"]),
      };
    },

    healthCheck: async () => void (await sql.query(SQL.health)),
    close: options.close,
  };
  return Object.freeze(store);
}

/**
 * What a reported version does to the stored one: only a newer release counts.
 * - `first`: nothing stored yet: record it, queue nothing (subscribers made after it get later changes).
 * - `stale`: the store has seen a newer release: a replica still on an older release changes nothing.
 * - `same`: the release the store last saw (another replica reported it first): nothing to do.
 * - `advance`: a newer release with the same content: remember the release, queue nothing.
 * - `change`: a newer release with other content (a revert to earlier content included): bump the sequence, queue.
 */
type TopicStep = "first" | "stale" | "same" | "advance" | "change";

function topicStep(stored: Readonly<{ sha256: string; releasedAt: number }>, version: TopicVersion): TopicStep {
  if (version.releasedAt < stored.releasedAt) return "stale";
  if (version.releasedAt === stored.releasedAt) return "same";
  return version.sha256 === stored.sha256 ? "advance" : "change";
}

function refused(field: "hub.topic" | "hub.callback", reason: string): IntentOutcome {
  return { status: "refused", field, reason };
}

function topicOutcome(step: TopicStep, seq: number, queued = 0): TopicContentChange {
  return { first: step === "first", changed: step === "change", stale: step === "stale", seq, queued };
}
