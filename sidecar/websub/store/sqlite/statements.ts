// Every SQL statement of the SQLite hub store, prepared once when the store opens.

const ACTIVE_SUBSCRIBE_INTENTS = `
  v.mode = 'subscribe' AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.topic = v.topic AND s.callback = v.callback)`;

export const SQL = {
  topicGet: `SELECT sha256, released_at, seq FROM topics WHERE url = ?`,
  topicInsert: `INSERT INTO topics (url, sha256, content_type, changed_at, released_at, seq) VALUES (?, ?, ?, ?, ?, 0)`,
  topicReleaseAdvance: `UPDATE topics SET released_at = ? WHERE url = ?`,
  topicChange: `
    UPDATE topics SET sha256 = :sha, content_type = :type, changed_at = :now, released_at = :released, seq = seq + 1
    WHERE url = :topic RETURNING seq`,
  // The unique key (topic, seq): a change is recorded, and its deliveries queued, once.
  topicChangeRecord: `
    INSERT INTO topic_changes (topic, seq, released_at, sha256, changed_at) VALUES (:topic, :seq, :released, :sha, :now)`,

  // One pending delivery per subscription: a newer version replaces the one still waiting (the content is the full topic).
  deliveryEnqueueForTopic: `
    INSERT INTO deliveries (subscription_id, content_sha256, attempts, next_attempt_at, enqueued_at)
    SELECT id, :sha, 0, :now, :now FROM subscriptions WHERE topic = :topic AND expires_at > :now
    ON CONFLICT (subscription_id) DO UPDATE SET content_sha256 = excluded.content_sha256`,

  subscriptionExists: `SELECT 1 FROM subscriptions WHERE topic = ? AND callback = ?`,
  // Subscriptions, and subscribe intents that would add one, other than the pair asking now.
  countOthersByTopic: `
    SELECT (SELECT count(*) FROM subscriptions WHERE topic = :topic AND expires_at > :now)
         + (SELECT count(*) FROM verifications v WHERE v.topic = :topic AND v.callback <> :callback AND ${ACTIVE_SUBSCRIBE_INTENTS}) AS n`,
  countOthersByHost: `
    SELECT (SELECT count(*) FROM subscriptions WHERE callback_host = :host AND expires_at > :now)
         + (SELECT count(*) FROM verifications v WHERE v.callback_host = :host AND NOT (v.topic = :topic AND v.callback = :callback)
              AND ${ACTIVE_SUBSCRIBE_INTENTS}) AS n`,

  verificationUpsert: `
    INSERT INTO verifications (token, mode, topic, callback, callback_host, secret, lease_seconds, reason, requested_at)
    VALUES (:token, :mode, :topic, :callback, :host, :secret, :lease, NULL, :now)
    ON CONFLICT (topic, callback) WHERE mode <> 'denied' DO UPDATE SET
      token = excluded.token, mode = excluded.mode, callback_host = excluded.callback_host, secret = excluded.secret,
      lease_seconds = excluded.lease_seconds, requested_at = excluded.requested_at, claimed_by = NULL, claim_expires_at = NULL`,
  verificationClaim: `
    UPDATE verifications SET claimed_by = :claimant, claim_expires_at = :until
    WHERE id IN (SELECT id FROM verifications WHERE claimed_by IS NULL OR claim_expires_at <= :now ORDER BY id LIMIT :limit)
    RETURNING id, token, mode, topic, callback, callback_host, secret, lease_seconds, reason`,
  verificationDelete: `DELETE FROM verifications WHERE id = ? AND token = ?`,
  denialInsert: `
    INSERT INTO verifications (token, mode, topic, callback, callback_host, secret, lease_seconds, reason, requested_at)
    VALUES (:token, 'denied', :topic, :callback, :host, NULL, 0, :reason, :now)`,

  subscriptionUpsert: `
    INSERT INTO subscriptions (topic, callback, callback_host, secret, lease_seconds, verified_at, expires_at, consecutive_failures, created_at)
    VALUES (:topic, :callback, :host, :secret, :lease, :at, :expires, 0, :at)
    ON CONFLICT (topic, callback) DO UPDATE SET
      callback_host = excluded.callback_host, secret = excluded.secret, lease_seconds = excluded.lease_seconds,
      verified_at = excluded.verified_at, expires_at = excluded.expires_at, consecutive_failures = 0`,
  subscriptionGet: `SELECT * FROM subscriptions WHERE topic = ? AND callback = ?`,
  subscriptionGetById: `SELECT topic, callback, secret, consecutive_failures FROM subscriptions WHERE id = ?`,
  subscriptionDelete: `DELETE FROM subscriptions WHERE topic = ? AND callback = ?`,
  subscriptionDeleteById: `DELETE FROM subscriptions WHERE id = ?`,
  subscriptionDeleteExpired: `DELETE FROM subscriptions WHERE expires_at <= ?`,
  subscriptionResetFailures: `UPDATE subscriptions SET consecutive_failures = 0 WHERE id = ?`,
  subscriptionAddFailure: `
    UPDATE subscriptions SET consecutive_failures = consecutive_failures + 1 WHERE id = ?
    RETURNING consecutive_failures, topic, callback, callback_host`,

  deliveryClaim: `
    UPDATE deliveries SET claimed_by = :claimant, claim_expires_at = :until
    WHERE id IN (
      SELECT d.id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE d.next_attempt_at <= :now AND (d.claimed_by IS NULL OR d.claim_expires_at <= :now) AND s.expires_at > :now
        AND d.content_sha256 IN (SELECT value FROM json_each(:contents))
        AND s.callback_host NOT IN (SELECT value FROM json_each(:skip))
      ORDER BY d.next_attempt_at, d.content_sha256, d.id LIMIT :limit)
    RETURNING id, subscription_id, content_sha256, attempts`,
  deliveryLeave: `UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL WHERE id = :id AND claimed_by = :claimant`,
  deliveryClaimant: `SELECT claimed_by FROM deliveries WHERE id = ?`,
  deliveryDelete: `DELETE FROM deliveries WHERE id = :id AND claimed_by = :claimant AND content_sha256 = :sha`,
  deliveryRelease: `
    UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL, attempts = 0, next_attempt_at = :next
    WHERE id = :id AND claimed_by = :claimant`,
  deliveryRetryLater: `
    UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = :next, claimed_by = NULL, claim_expires_at = NULL WHERE id = :id`,

  // A token bucket: refilled for the time since the last take, then one token taken if there is one.
  rateLimitTake: `
    INSERT INTO rate_limits (key, tokens, at, allowed) VALUES (:key, :cap - 1, :now, 1)
    ON CONFLICT (key) DO UPDATE SET
      allowed = min(:cap, tokens + max(0, :now - at) * :perMs) >= 1,
      tokens = min(:cap, tokens + max(0, :now - at) * :perMs) - (min(:cap, tokens + max(0, :now - at) * :perMs) >= 1),
      at = max(at, :now)
    RETURNING tokens, allowed`,
  // After a minute untouched a bucket is full again: its row says nothing a new one would not.
  rateLimitForget: `DELETE FROM rate_limits WHERE at <= :now - 60000`,
  claimsRecoverDeliveries: `
    UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL WHERE claimed_by IS NOT NULL AND claim_expires_at <= :now`,
  claimsRecoverVerifications: `
    UPDATE verifications SET claimed_by = NULL, claim_expires_at = NULL WHERE claimed_by IS NOT NULL AND claim_expires_at <= :now`,
  topicChangesPrune: `
    DELETE FROM topic_changes WHERE seq <= (SELECT t.seq FROM topics t WHERE t.url = topic_changes.topic) - :keep`,

  workNextDueAt: `
    SELECT min(due) AS due FROM (
      SELECT min(CASE WHEN d.claimed_by IS NULL OR d.claim_expires_at <= :now THEN d.next_attempt_at ELSE d.claim_expires_at END) AS due
        FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
        WHERE s.expires_at > :now AND d.content_sha256 IN (SELECT value FROM json_each(:contents))
      UNION ALL
      SELECT min(CASE WHEN claimed_by IS NULL OR claim_expires_at <= :now THEN requested_at ELSE claim_expires_at END) FROM verifications)`,
  stats: `
    SELECT (SELECT count(*) FROM subscriptions WHERE expires_at > :now) AS active,
           (SELECT count(*) FROM subscriptions WHERE expires_at <= :now) AS expired,
           (SELECT count(*) FROM verifications) AS verifications,
           (SELECT count(*) FROM deliveries) AS deliveries,
           (SELECT count(*) FROM deliveries WHERE claimed_by IS NOT NULL AND claim_expires_at > :now) AS in_flight`,
  statsByTopic: `SELECT topic, count(*) AS n FROM subscriptions WHERE expires_at > :now GROUP BY topic ORDER BY topic`,
  health: `SELECT count(*) AS n FROM topics`,
} as const;
