// The hub store's SQL that both engines run as written (positional parameters; BIGINT columns may come back as strings).

const ACTIVE_SUBSCRIBE_INTENTS = `
  v.mode = 'subscribe' AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.topic = v.topic AND s.callback = v.callback)`;

export const SQL = {
  // $1 topic, $2 sha, $3 content type, $4 now, $5 released at
  topicInsert: `
    INSERT INTO topics (url, sha256, content_type, changed_at, released_at, seq) VALUES ($1, $2, $3, $4, $5, 0)
    ON CONFLICT (url) DO NOTHING RETURNING url`,
  topicReleaseAdvance: `UPDATE topics SET released_at = $2 WHERE url = $1`,
  topicChange: `
    UPDATE topics SET sha256 = $2, content_type = $3, changed_at = $4, released_at = $5, seq = seq + 1
    WHERE url = $1 RETURNING seq`,
  // $1 topic, $2 seq, $3 released at, $4 sha, $5 now: the unique key (topic, seq) records the change once.
  topicChangeRecord: `INSERT INTO topic_changes (topic, seq, released_at, sha256, changed_at) VALUES ($1, $2, $3, $4, $5)`,
  // $1 topic, $2 sha, $3 now. One pending delivery per subscription: a newer version replaces the one still waiting
  // (the content is the full topic).
  deliveryEnqueueForTopic: `
    INSERT INTO deliveries (subscription_id, content_sha256, attempts, next_attempt_at, enqueued_at)
    SELECT id, $2, 0, $3, $3 FROM subscriptions WHERE topic = $1 AND expires_at > $3
    ON CONFLICT (subscription_id) DO UPDATE SET content_sha256 = excluded.content_sha256`,

  subscriptionExists: `SELECT 1 FROM subscriptions WHERE topic = $1 AND callback = $2`,
  // $1 topic, $2 callback, $3 now: subscriptions, and subscribe intents that would add one, other than this pair's.
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
  subscriptionResetFailures: `UPDATE subscriptions SET consecutive_failures = 0 WHERE id = $1`,
  subscriptionAddFailure: `
    UPDATE subscriptions SET consecutive_failures = consecutive_failures + 1 WHERE id = $1
    RETURNING consecutive_failures, topic, callback, callback_host`,

  deliveryLeave: `UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL WHERE id = $1 AND claimed_by = $2`,
  deliveryDelete: `DELETE FROM deliveries WHERE id = $1 AND claimed_by = $2 AND content_sha256 = $3`,
  deliveryRelease: `
    UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL, attempts = 0, next_attempt_at = $3
    WHERE id = $1 AND claimed_by = $2`,
  deliveryRetryLater: `
    UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = $2, claimed_by = NULL, claim_expires_at = NULL WHERE id = $1`,

  // After a minute untouched a bucket is full again: its row says nothing a new one would not.
  rateLimitForget: `DELETE FROM rate_limits WHERE at <= CAST($1 AS BIGINT) - 60000`,
  claimsRecoverDeliveries: `
    UPDATE deliveries SET claimed_by = NULL, claim_expires_at = NULL WHERE claimed_by IS NOT NULL AND claim_expires_at <= $1`,
  claimsRecoverVerifications: `
    UPDATE verifications SET claimed_by = NULL, claim_expires_at = NULL WHERE claimed_by IS NOT NULL AND claim_expires_at <= $1`,

  stats: `
    SELECT (SELECT count(*) FROM subscriptions WHERE expires_at > $1) AS active,
           (SELECT count(*) FROM subscriptions WHERE expires_at <= $1) AS expired,
           (SELECT count(*) FROM verifications) AS verifications,
           (SELECT count(*) FROM deliveries) AS deliveries,
           (SELECT count(*) FROM deliveries WHERE claimed_by IS NOT NULL AND claim_expires_at > $1) AS in_flight`,
  statsByTopic: `SELECT topic, count(*) AS n FROM subscriptions WHERE expires_at > $1 GROUP BY topic ORDER BY topic`,
  health: `SELECT 1`,
} as const;

/** $1 now, $2 contents held, which `held` tests a content against in the engine's words. */
export const workNextDueAt = (held: string) => `
  SELECT min(due) AS due FROM (
    SELECT min(CASE WHEN d.claimed_by IS NULL OR d.claim_expires_at <= $1 THEN d.next_attempt_at ELSE d.claim_expires_at END) AS due
      FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE s.expires_at > $1 AND d.content_sha256 ${held}
    UNION ALL
    SELECT min(CASE WHEN claimed_by IS NULL OR claim_expires_at <= $1 THEN requested_at ELSE claim_expires_at END) FROM verifications) w`;

/** The statements whose text differs between the engines, with the same parameters in both. */
export type HubDialect = Readonly<{
  /** $1 topic: the stored version, locked where the engine locks rows, so replicas reporting at once take turns. */
  topicLock: string;
  /** $1 claimant, $2 until, $3 now, $4 limit. */
  verificationClaim: string;
  /**
   * $1 claimant, $2 until, $3 now, $4 limit, $5 contents held, $6 callback hosts to skip (they hold their share of
   * places): due deliveries of active subscriptions, grouped by content so that a batch shares the bodies the worker
   * holds, each with its subscription's topic, callback, secret, failures.
   */
  deliveryClaim: string;
  /** $1 id: who holds the delivery's claim. */
  deliveryClaimant: string;
  /** $1 key, $2 capacity, $3 tokens per ms, $4 now: a token bucket refilled for the time since the last take. */
  rateLimitTake: string;
  /** $1 changes kept per topic. */
  topicChangesPrune: string;
  /** $1 now, $2 contents held. */
  workNextDueAt: string;
  /** Wakes every replica's worker when the transaction that queued work commits. */
  notify?: string;
  /** Serialises subscribe requests across replicas, so two cannot both take the last place under a cap. */
  subscribeLock?: string;
  /** One sweeper at a time across replicas: answers a row whose `locked` is true when this one may sweep. */
  sweepLock?: string;
}>;
