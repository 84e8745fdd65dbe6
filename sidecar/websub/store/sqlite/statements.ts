// The SQLite dialect of the hub store's SQL: an IMMEDIATE transaction holds the write lock, so nothing locks rows.
import { type HubDialect, workNextDueAt } from "../statements.ts";

export const SQLITE: HubDialect = {
  topicLock: `SELECT sha256, released_at, seq FROM topics WHERE url = $1`,
  verificationClaim: `
    UPDATE verifications SET claimed_by = $1, claim_expires_at = $2
    WHERE id IN (SELECT id FROM verifications WHERE claimed_by IS NULL OR claim_expires_at <= $3 ORDER BY id LIMIT $4)
    RETURNING id, token, mode, topic, callback, callback_host, secret, lease_seconds, reason`,
  // SQLite's RETURNING may not name the tables of a FROM: the subscription's columns come by subquery.
  deliveryClaim: `
    UPDATE deliveries SET claimed_by = $1, claim_expires_at = $2
    WHERE id IN (
      SELECT d.id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE d.next_attempt_at <= $3 AND (d.claimed_by IS NULL OR d.claim_expires_at <= $3) AND s.expires_at > $3
        AND d.content_sha256 IN (SELECT value FROM json_each($5))
        AND s.callback_host NOT IN (SELECT value FROM json_each($6))
      ORDER BY d.next_attempt_at, d.content_sha256, d.id LIMIT $4)
    RETURNING id, subscription_id, content_sha256, attempts,
      (SELECT topic FROM subscriptions s WHERE s.id = subscription_id) AS topic,
      (SELECT callback FROM subscriptions s WHERE s.id = subscription_id) AS callback,
      (SELECT secret FROM subscriptions s WHERE s.id = subscription_id) AS secret,
      (SELECT consecutive_failures FROM subscriptions s WHERE s.id = subscription_id) AS consecutive_failures`,
  deliveryClaimant: `SELECT claimed_by FROM deliveries WHERE id = $1`,
  rateLimitTake: `
    INSERT INTO rate_limits (key, tokens, at, allowed) VALUES ($1, $2 - 1, $4, 1)
    ON CONFLICT (key) DO UPDATE SET
      allowed = min($2, tokens + max(0, $4 - at) * $3) >= 1,
      tokens = min($2, tokens + max(0, $4 - at) * $3) - (min($2, tokens + max(0, $4 - at) * $3) >= 1),
      at = max(at, $4)
    RETURNING tokens, allowed`,
  topicChangesPrune: `
    DELETE FROM topic_changes WHERE seq <= (SELECT t.seq FROM topics t WHERE t.url = topic_changes.topic) - $1`,
  workNextDueAt: workNextDueAt("IN (SELECT value FROM json_each($2))"),
};
