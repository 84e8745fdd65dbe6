// The hub store on PostgreSQL, shared by several sidecar replicas: claims with FOR UPDATE SKIP LOCKED that expire,
// a release sequence per topic under a row lock, work announced with NOTIFY, sweeps one replica at a time.
import { randomBytes } from "node:crypto";
import type pg from "pg";
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
import { listenForWork } from "./listen.ts";
import { LOCKS, migratePostgres } from "./migrations.ts";
import { SQL } from "./statements.ts";

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Row[]; rowCount: number }>;

/**
 * The store's statements by their text, each sent as a named prepared statement: a connection parses and plans it once
 * instead of on every call (the hot path of a fan-out runs one per delivery).
 */
const PREPARED = new Map<string, string>(Object.entries(SQL).map(([name, text]) => [text, `hub_${name}`]));
const statement = (text: string, values?: unknown[]): pg.QueryConfig => {
  const name = PREPARED.get(text);
  return name === undefined ? { text, values: values ?? [] } : { name, text, values: values ?? [] };
};

export type PostgresStoreOptions = Readonly<{
  pool: pg.Pool;
  /** Settings for the LISTEN connection, which stays out of the pool. */
  clientConfig: pg.ClientConfig;
  close: () => Promise<void>;
}>;

/** Migrates the schema (one replica at a time) and returns the store on the pool. */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<HubStore> {
  const { pool } = options;
  await migratePostgres(pool);

  const run: Query = async (sql, params) => {
    const r = await pool.query(statement(sql, params));
    return { rows: r.rows as Row[], rowCount: r.rowCount ?? 0 };
  };
  const tx = async <T>(fn: (q: Query) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const q: Query = async (sql, params) => {
      const r = await client.query(statement(sql, params));
      return { rows: r.rows as Row[], rowCount: r.rowCount ?? 0 };
    };
    try {
      await client.query("BEGIN");
      const out = await fn(q);
      await client.query("COMMIT");
      return out;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
  const token = () => randomBytes(12).toString("base64url");

  const store: HubStore = {
    topicContentSet: (v, now) =>
      tx(async (q) => {
        const inserted = await q(SQL.topicInsert, [v.topic, v.sha256, v.contentType, now, v.releasedAt]);
        if (inserted.rowCount > 0) return topicOutcome("first", 0);
        const row = (await q(SQL.topicLock, [v.topic])).rows[0]!;
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
        if (queued > 0) await q(SQL.notify);
        return topicOutcome(step, seq, queued);
      }),

    verificationRequest: (r, limits) =>
      tx(async (q) => {
        if (r.mode === "subscribe") {
          await q(SQL.subscribeLock, [LOCKS.subscribe]);
          if ((await q(SQL.subscriptionExists, [r.topic, r.callback])).rowCount === 0) {
            const args = [r.topic, r.callback, r.requestedAt];
            const perTopic = Number((await q(SQL.countOthersByTopic, args)).rows[0]!["n"]);
            if (perTopic >= limits.maxPerTopic) return CAP_REFUSALS.topic(limits.maxPerTopic);
            const perHost = Number((await q(SQL.countOthersByHost, [...args, r.callbackHost])).rows[0]!["n"]);
            if (perHost >= limits.maxPerHost) return CAP_REFUSALS.host(r.callbackHost, limits.maxPerHost);
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
        await q(SQL.notify);
        return { status: "queued" } as const;
      }),

    verificationClaim: async (c) =>
      (await run(SQL.verificationClaim, [c.claimant, c.now + c.ttlMs, c.now, c.limit])).rows.map(toVerificationJob),

    verificationComplete: (job, result) =>
      tx(async (q) => {
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
      const row = (await run(SQL.subscriptionGet, [topic, callback])).rows[0];
      return row && toSubscription(row);
    },

    subscriptionDeleteExpired: async (now) => (await run(SQL.subscriptionDeleteExpired, [now])).rowCount,

    deliveryClaim: async (c) =>
      (
        await run(SQL.deliveryClaim, [c.claimant, c.now + c.ttlMs, c.now, c.limit, c.contents, c.skipHosts ?? []])
      ).rows.map(toDeliveryJob),

    deliveryLeave: async (job, claimant) => {
      const left = (await run(SQL.deliveryLeave, [job.id, claimant])).rowCount > 0;
      // Another replica may hold the content: tell them it is there to take.
      if (left) await run(SQL.notify);
      return left;
    },

    deliveryComplete: async (job, claimant, sentSha256, now) =>
      void (await run(SQL.deliveryComplete, [job.id, claimant, sentSha256, job.subscriptionId, now])),

    deliveryIncomplete: (job, f) =>
      tx(async (q): Promise<FailureOutcome> => {
        const current = (await q(SQL.deliveryClaimant, [job.id])).rows[0];
        if (!current || current["claimed_by"] !== f.claimant) return { status: "stale" };
        const s = (await q(SQL.subscriptionAddFailure, [job.subscriptionId])).rows[0]!;
        const failures = Number(s["consecutive_failures"]);
        const next = f.retryAt(failures);
        if (next === null) {
          await q(SQL.subscriptionDeleteById, [job.subscriptionId]);
          const denial = [token(), s["topic"], s["callback"], s["callback_host"], f.denialReason, f.now];
          await q(SQL.denialInsert, denial);
          await q(SQL.notify);
          return { status: "removed", consecutiveFailures: failures };
        }
        await q(SQL.deliveryRetryLater, [job.id, next]);
        return { status: "retry", consecutiveFailures: failures, nextAttemptAt: next };
      }),

    deliveryGone: async (job) => void (await run(SQL.subscriptionDeleteById, [job.subscriptionId])),

    rateLimitTake: async (key, perMinute, now) => {
      const row = (await run(SQL.rateLimitTake, [key, perMinute, perMinute / 60_000, now])).rows[0]!;
      return toRateDecision(row, perMinute);
    },

    sweep: (now) =>
      tx(async (q) => {
        if ((await q(SQL.sweepLock, [LOCKS.sweep])).rows[0]!["locked"] !== true) return null;
        const expiredRemoved = (await q(SQL.subscriptionDeleteExpired, [now])).rowCount;
        const claimsRecovered =
          (await q(SQL.claimsRecoverDeliveries, [now])).rowCount +
          (await q(SQL.claimsRecoverVerifications, [now])).rowCount;
        await q(SQL.rateLimitForget, [now]);
        await q(SQL.topicChangesPrune, [TOPIC_CHANGES_KEPT]);
        if (claimsRecovered > 0) await q(SQL.notify);
        return { expiredRemoved, claimsRecovered };
      }),

    workListen: (listener) => listenForWork(options.clientConfig, listener),

    workNextDueAt: async (now, contents) => {
      const due = (await run(SQL.workNextDueAt, [now, contents])).rows[0]?.["due"];
      return due === null || due === undefined ? undefined : Number(due);
    },

    hubStats: async (now) => {
      const counts = (await run(SQL.stats, [now])).rows[0]!;
      const byTopic: Record<string, number> = {};
      for (const r of (await run(SQL.statsByTopic, [now])).rows) byTopic[String(r["topic"])] = Number(r["n"]);
      return {
        subscriptions: { active: Number(counts["active"]), expired: Number(counts["expired"]), byTopic },
        verificationsPending: Number(counts["verifications"]),
        deliveriesPending: Number(counts["deliveries"]),
        deliveriesInFlight: Number(counts["in_flight"]),
      };
    },

    healthCheck: async () => void (await run(SQL.health)),
    close: options.close,
  };
  return Object.freeze(store);
}
