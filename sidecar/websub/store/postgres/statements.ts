// Every SQL statement of the PostgreSQL hub store (positional parameters; BIGINT columns come back as strings).

const ACTIVE_SUBSCRIBE_INTENTS = `
  v.mode = 'subscribe' AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.topic = v.topic AND s.callback = v.callback)`;

/** Wakes every replica's worker when the transaction that queued work commits. */
export const WORK_CHANNEL = "hub_work";
const NOTIFY = `SELECT pg_notify('${WORK_CHANNEL}', '')`;

export const SQL = {
  notify: NOTIFY,
  // $1 topic, $2 sha, $3 content type, $4 now, $5 released at
  topicInsert: `
    INSERT INTO topics (url, sha256, content_type, changed_at, released_at, seq) VALUES ($1, $2, $3, $4, $5, 0)
    ON CONFLICT (url) DO NOTHING RETURNING url`,
  // The row lock orders replicas reporting at once: each decides on what the one before it wrote.
  topicLock: `SELECT sha256, released_at, seq FROM topics WHERE url = $1 FOR UPDATE`,
  topicReleaseAdvance: `UPDATE topics SET released_at = $2 WHERE url = $1`,
  topicChange: `
    UPDATE topics SET sha256 = $2, content_type = $3, changed_at = $4, released_at = $5, seq = seq + 1
    WHERE url = $1 RETURNING seq`,
  // $1 topic, $2 seq, $3 released at, $4 sha, $5 now: the unique key (topic, seq) records the change once.
  topicChangeRecord: `INSERT INTO topic_changes (topic, seq, released_at, sha256, changed_at) VALUES ($1, $2, $3, $4, $5)`,
  // $1 topic, $2 sha, $3 now
  deliveryEnqueueForTopic: `
    INSERT INTO deliveries (subscription_id, content_sha256, attempts, next_attempt_at, enqueued_at)
    SELECT id, $2, 0, $3, $3 FROM subscriptions WHERE topic = $1 AND expires_at > $3
    ON CONFLICT (subscription_id) DO UPDATE SET content_sha256 = excluded.content_sha256`,

  // Serialises subscribe requests across replicas, so two cannot both take the last place under a cap.
  subscribeLock: `SELECT pg_advisory_xact_lock($1)`,
  subscriptionExists: `SELECT 1 FROM subscriptions WHERE topic = $1 AND callback = $2`,
  // $1 topic, $2 callback, $3 now
  countOthersByTopic: `
    SELECT (SELECT count(*) FROM subscriptions WHERE topic = $1 AND expires_at > $3)
         + (SELECT count(*) FROM verifications v WHERE v.topic = $1 AND v.callback <> $2 AND ${ACTIVE_SUBSCRIBE_INTENTS}) AS n`,
  // $1 topic, $2 callback, $3 now, $4 host
  countOthersByHost: `
    SELECT (SELECT count(*) FROM subscriptions WHERE callback_host = $4 AND expires_at > $3)
         + (SELECT count(*) FROM verifications v WHERE v.callback_host = $4 AND NOT (v.topic = $1 AND v.callback = $2)
              AND ${ACTIVE_SUBSCRIBE_INTENTS}) AS n`,
  // $1 token, $2 mode, $3 topic, $4 callback, $5 host, $6 secret, $7 lease, $8 now
  verificationUpsert: `
    INSERT INTO verifications (token, mode, topic, callback, callback_host, secret, lease_seconds, reason, requested_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)
    ON CONFLICT (topic, callback) WHERE mode <> 'denied' DO UPDATE SET
      token = excluded.token, mode = excluded.mode, callback_host = excluded.callback_host, secret = excluded.secret,
      lease_seconds = excluded.lease_seconds, requested_at = excluded.requested_at, claimed_by = NULL, claim_expires_at = NULL`,
  // $1 claimant, $2 until, $3 now, $4 limit
  verificationClaim: `
    WITH due AS (
      SELECT id FROM verifications WHERE claimed_by IS NULL OR claim_expires_at <= $3
      ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
    UPDATE verifications v SET claimed_by = $1, claim_expires_at = $2 FROM due WHERE v.id = due.id
    RETURNING v.id, v.token, v.mode, v.topic, v.callback, v.callback_host, v.secret, v.lease_seconds, v.reason`,
  verificationDelete: `DELETE FROM verifications WHERE id = $1 AND token = $2`,
  // $1 token, $2 topic, $3 callback, $4 host, $5 reason, $6 now
  denialInsert: `
    INSERT INTO verifications (token, mode, topic, callback, callback_host, secret, lease_seconds, reason, requested_at)
    VALUES ($1, 'denied', $2, $3, $4, NULL, 0, $5, $6)`,

  // $1 topic, $2 callback, $3 host, $4 secret, $5 lease, $6 at, $7 expires
  subscriptionUpsert: `
    INSERT INTO subscriptions (topic, callback, callback_host, secret, lease_seconds, verified_at, expires_at, consecutive_failures, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $6)
    ON CONFLICT (topic, callback) DO UPDATE SET
      callback_host = excluded.callback_host, secret = excluded.secret, lease_seconds = excluded.lease_seconds,
      verified_at = excluded.verified_at, expires_at = excluded.expires_at, consecutive_failures = 0`,
  subscriptionGet: `SELECT * FROM subscriptions WHERE topic = $1 AND callback = $2`,
  subscriptionDelete: `DELETE FROM subscriptions WHERE topic = $1 AND callback = $2`,
  subscriptionDeleteById: `DELETE FROM subscriptions WHERE id = $1`,
  subscriptionDeleteExpired: `DELETE FROM subscriptions WHERE expires_at <= $1`,
  subscriptionAddFailure: `
    UPDATE subscriptions SET consecutive_failures = consecutive_failures + 1 WHERE id = $1
    RETURNING consecutive_failures, topic, callback, callback_host`,

  // $1 claimant, $2 until, $3 now, $4 limit, $5 contents held. Locked rows are another replica's claim in the making:
  // skipped, not waited for. Grouped by content so that a batch shares the bodies the worker holds.
  deliveryClaim: `
    WITH due AS (
      SELECT d.id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE d.next_attempt_at <= $3 AND (d.claimed_by IS NULL OR d.claim_expires_at <= $3) AND s.expires_at > $3
        AND d.content_sha256 = ANY ($5::text[]) AND NOT (s.callback_host = ANY ($6::text[]))
      ORDER BY d.next_attempt_at, d.content_sha256, d.id LIMIT $4 FOR UPDATE OF d SKIP LOCKED)
    UPDATE deliveries d SET claimed_by = $1, claim_expires_at = $2 FROM due, subscriptions s
    WHERE d.id = due.id AND s.id = d.subscription_id
    RETURNING d.id, d.subscription_id, d.content_sha256, d.attempts, s.topic, s.callback, s.secret, s.consecutive_failures`,
  deliveryLeave: `UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL WHERE id = $1 AND claimed_by = $2`,
  deliveryClaimant: `SELECT claimed_by FROM deliveries WHERE id = $1 FOR UPDATE`,
  // $1 id, $2 claimant, $3 sha sent, $4 subscription, $5 now. One statement, one round trip (the hot path of a
  // fan-out): the failure count reset, the delivery done, or released for the newer version queued meanwhile.
  deliveryComplete: `
    WITH reset AS (UPDATE subscriptions SET consecutive_failures = 0 WHERE id = $4),
         done AS (DELETE FROM deliveries WHERE id = $1 AND claimed_by = $2 AND content_sha256 = $3 RETURNING id)
    UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL, attempts = 0, next_attempt_at = $5
    WHERE id = $1 AND claimed_by = $2 AND NOT EXISTS (SELECT 1 FROM done)`,
  deliveryRetryLater: `
    UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = $2, claimed_by = NULL, claim_expires_at = NULL WHERE id = $1`,

  // $1 key, $2 capacity, $3 tokens per ms, $4 now: a token bucket refilled for the time since the last take.
  rateLimitTake: `
    INSERT INTO rate_limits AS r (key, tokens, at, allowed) VALUES ($1, $2::float8 - 1, $4, true)
    ON CONFLICT (key) DO UPDATE SET
      allowed = LEAST($2::float8, r.tokens + GREATEST(0, $4 - r.at) * $3::float8) >= 1,
      tokens = LEAST($2::float8, r.tokens + GREATEST(0, $4 - r.at) * $3::float8)
        - CASE WHEN LEAST($2::float8, r.tokens + GREATEST(0, $4 - r.at) * $3::float8) >= 1 THEN 1 ELSE 0 END,
      at = GREATEST(r.at, $4)
    RETURNING tokens, allowed`,

  sweepLock: `SELECT pg_try_advisory_xact_lock($1) AS locked`,
  rateLimitForget: `DELETE FROM rate_limits WHERE at <= $1::bigint - 60000`,
  claimsRecoverDeliveries: `
    UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL WHERE claimed_by IS NOT NULL AND claim_expires_at <= $1`,
  claimsRecoverVerifications: `
    UPDATE verifications SET claimed_by = NULL, claim_expires_at = NULL WHERE claimed_by IS NOT NULL AND claim_expires_at <= $1`,
  topicChangesPrune: `
    DELETE FROM topic_changes c USING topics t WHERE t.url = c.topic AND c.seq <= t.seq - $1`,

  workNextDueAt: `
    SELECT min(due) AS due FROM (
      SELECT min(CASE WHEN d.claimed_by IS NULL OR d.claim_expires_at <= $1 THEN d.next_attempt_at ELSE d.claim_expires_at END) AS due
        FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
        WHERE s.expires_at > $1 AND d.content_sha256 = ANY ($2::text[])
      UNION ALL
      SELECT min(CASE WHEN claimed_by IS NULL OR claim_expires_at <= $1 THEN requested_at ELSE claim_expires_at END) FROM verifications) w`,
  stats: `
    SELECT (SELECT count(*) FROM subscriptions WHERE expires_at > $1) AS active,
           (SELECT count(*) FROM subscriptions WHERE expires_at <= $1) AS expired,
           (SELECT count(*) FROM verifications) AS verifications,
           (SELECT count(*) FROM deliveries) AS deliveries,
           (SELECT count(*) FROM deliveries WHERE claimed_by IS NOT NULL AND claim_expires_at > $1) AS in_flight`,
  statsByTopic: `SELECT topic, count(*) AS n FROM subscriptions WHERE expires_at > $1 GROUP BY topic ORDER BY topic`,
  health: `SELECT 1`,
} as const;
