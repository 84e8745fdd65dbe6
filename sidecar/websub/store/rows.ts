// Rows of either engine as the store's records: the column names are the same, the value types are not (PostgreSQL's
// BIGINT arrives as a string, SQLite's INTEGER as a number), so every field is converted.
import { type Row, text, textOrNull } from "../../db/sql.ts";
import type { DeliveryJob, SubscriptionRecord, VerificationJob } from "./store.ts";

export function toSubscription(row: Row): SubscriptionRecord {
  return {
    id: Number(row["id"]),
    topic: text(row["topic"]),
    callback: text(row["callback"]),
    callbackHost: text(row["callback_host"]),
    secret: textOrNull(row["secret"]),
    leaseSeconds: Number(row["lease_seconds"]),
    verifiedAt: Number(row["verified_at"]),
    expiresAt: Number(row["expires_at"]),
    consecutiveFailures: Number(row["consecutive_failures"]),
  };
}

export function toVerificationJob(row: Row): VerificationJob {
  return {
    id: Number(row["id"]),
    token: text(row["token"]),
    mode: row["mode"] as VerificationJob["mode"],
    topic: text(row["topic"]),
    callback: text(row["callback"]),
    callbackHost: text(row["callback_host"]),
    secret: textOrNull(row["secret"]),
    leaseSeconds: Number(row["lease_seconds"]),
    reason: textOrNull(row["reason"]),
  };
}

/** A claimed delivery row joined with its subscription's topic, callback, secret and failure count. */
export function toDeliveryJob(row: Row): DeliveryJob {
  return {
    id: Number(row["id"]),
    subscriptionId: Number(row["subscription_id"]),
    topic: text(row["topic"]),
    callback: text(row["callback"]),
    secret: textOrNull(row["secret"]),
    contentSha256: text(row["content_sha256"]),
    attempts: Number(row["attempts"]),
    consecutiveFailures: Number(row["consecutive_failures"]),
  };
}

/** The rate-limit answer from a bucket row after a take. */
export function toRateDecision(row: Row, perMinute: number) {
  if (row["allowed"] === true || Number(row["allowed"]) === 1) return { ok: true } as const;
  const perMs = perMinute / 60_000;
  const missing = 1 - Number(row["tokens"]);
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / perMs / 1000)) } as const;
}

/** How many recorded changes of each topic the sweep keeps (the newest), for an operator's look back. */
export const TOPIC_CHANGES_KEPT = 100;
