// The PostgreSQL dialect of the hub store's SQL: row locks, SKIP LOCKED claims, advisory locks and NOTIFY for replicas.
import { type HubDialect, workNextDueAt } from "../statements.ts";
import { LOCKS } from "../migrations.ts";

/** The channel on which a replica that queued work wakes the others' workers. */
export const WORK_CHANNEL = "hub_work";

export const POSTGRES: HubDialect = {
  topicLock: `SELECT sha256, released_at, seq FROM topics WHERE url = $1 FOR UPDATE`,
  // Locked rows are another replica's claim in the making: skipped, not waited for.
  verificationClaim: `
    WITH due AS (
      SELECT id FROM verifications WHERE claimed_by IS NULL OR claim_expires_at <= $3
      ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
    UPDATE verifications v SET claimed_by = $1, claim_expires_at = $2 FROM due WHERE v.id = due.id
    RETURNING v.id, v.token, v.mode, v.topic, v.callback, v.callback_host, v.secret, v.lease_seconds, v.reason`,
  deliveryClaim: `
    WITH due AS (
      SELECT d.id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE d.next_attempt_at <= $3 AND (d.claimed_by IS NULL OR d.claim_expires_at <= $3) AND s.expires_at > $3
        AND d.content_sha256 = ANY ($5::text[]) AND NOT (s.callback_host = ANY ($6::text[]))
      ORDER BY d.next_attempt_at, d.content_sha256, d.id LIMIT $4 FOR UPDATE OF d SKIP LOCKED)
    UPDATE deliveries d SET claimed_by = $1, claim_expires_at = $2 FROM due, subscriptions s
    WHERE d.id = due.id AND s.id = d.subscription_id
    RETURNING d.id, d.subscription_id, d.content_sha256, d.attempts, s.topic, s.callback, s.secret, s.consecutive_failures`,
  deliveryClaimant: `SELECT claimed_by FROM deliveries WHERE id = $1 FOR UPDATE`,
  rateLimitTake: `
    INSERT INTO rate_limits AS r (key, tokens, at, allowed) VALUES ($1, $2::float8 - 1, $4, true)
    ON CONFLICT (key) DO UPDATE SET
      allowed = LEAST($2::float8, r.tokens + GREATEST(0, $4 - r.at) * $3::float8) >= 1,
      tokens = LEAST($2::float8, r.tokens + GREATEST(0, $4 - r.at) * $3::float8)
        - CASE WHEN LEAST($2::float8, r.tokens + GREATEST(0, $4 - r.at) * $3::float8) >= 1 THEN 1 ELSE 0 END,
      at = GREATEST(r.at, $4)
    RETURNING tokens, allowed`,
  topicChangesPrune: `DELETE FROM topic_changes c USING topics t WHERE t.url = c.topic AND c.seq <= t.seq - $1`,
  workNextDueAt: workNextDueAt("= ANY ($2::text[])"),
  notify: `SELECT pg_notify('${WORK_CHANNEL}', '')`,
  subscribeLock: `SELECT pg_advisory_xact_lock(${LOCKS.subscribe})`,
  sweepLock: `SELECT pg_try_advisory_xact_lock(${LOCKS.sweep}) AS locked`,
};
