// The hub's storage, as a narrow interface named entity-first, kept by SQLite (one machine) or PostgreSQL (replicas).
// Times are epoch milliseconds, passed in by the caller: the store never reads the clock itself.

type IntentMode = "subscribe" | "unsubscribe";

export type SubscriptionRecord = Readonly<{
  id: number;
  topic: string;
  callback: string;
  callbackHost: string;
  secret: string | null;
  leaseSeconds: number;
  verifiedAt: number;
  expiresAt: number;
  consecutiveFailures: number;
}>;

/** A subscribe or unsubscribe request waiting for its verification of intent. */
export type IntentRequest = Readonly<{
  topic: string;
  callback: string;
  callbackHost: string;
  mode: IntentMode;
  secret: string | null;
  leaseSeconds: number;
  requestedAt: number;
}>;

type SubscriptionLimits = Readonly<{ maxPerTopic: number; maxPerHost: number }>;

export type IntentOutcome =
  Readonly<{ status: "queued" }> | Readonly<{ status: "refused"; field: "hub.topic" | "hub.callback"; reason: string }>;

/** A claimed GET to a callback: verification of a subscribe/unsubscribe intent, or the notice of a denial. */
export type VerificationJob = Readonly<{
  id: number;
  /** Identifies this version of the request: a newer request for the same pair replaces the row with a new token. */
  token: string;
  mode: IntentMode | "denied";
  topic: string;
  callback: string;
  callbackHost: string;
  secret: string | null;
  leaseSeconds: number;
  reason: string | null;
}>;

export type DeliveryJob = Readonly<{
  id: number;
  subscriptionId: number;
  topic: string;
  callback: string;
  secret: string | null;
  /** The topic version this delivery was queued for (a newer change updates it in place). */
  contentSha256: string;
  attempts: number;
  consecutiveFailures: number;
}>;

type Claim = Readonly<{ limit: number; claimant: string; now: number; ttlMs: number }>;

type DeliveryClaim = Claim &
  Readonly<{
    /** The topic contents (sha256) the claimant holds: only deliveries of these are claimed, grouped by content. */
    contents: readonly string[];
    /** Callback hosts (as stored) whose deliveries are left unclaimed: they hold their share of places already. */
    skipHosts?: readonly string[];
  }>;

export type TopicVersion = Readonly<{
  topic: string;
  sha256: string;
  contentType: string;
  /** When the release holding this version was published: what orders the releases replicas hold. */
  releasedAt: number;
}>;

export type TopicContentChange = Readonly<{
  /** The store had no hash for the topic yet: recorded, nothing queued. */
  first: boolean;
  changed: boolean;
  /** The store has seen a newer release of the topic: this one's content is never queued. */
  stale: boolean;
  /** The topic's release sequence after this call (bumped once per change queued). */
  seq: number;
  /** Deliveries queued (or brought up to the new version) for active subscriptions. */
  queued: number;
}>;

export type FailureOutcome =
  | Readonly<{ status: "retry"; consecutiveFailures: number; nextAttemptAt: number }>
  | Readonly<{ status: "removed"; consecutiveFailures: number }>
  /** The claim had been taken over by another worker: nothing was recorded. */
  | Readonly<{ status: "stale" }>;

type DeliveryFailure = Readonly<{
  claimant: string;
  now: number;
  retryAt: (consecutiveFailures: number) => number | null;
  denialReason: string;
}>;

export type RateDecision = Readonly<{ ok: true }> | Readonly<{ ok: false; retryAfterSeconds: number }>;

type SweepOutcome = Readonly<{
  expiredRemoved: number;
  /** Expired claims cleared (their claimants died or overran), so the work is claimable at once. */
  claimsRecovered: number;
}>;

type HubStats = Readonly<{
  subscriptions: Readonly<{ active: number; expired: number; byTopic: Readonly<Record<string, number>> }>;
  verificationsPending: number;
  deliveriesPending: number;
  deliveriesInFlight: number;
}>;

export interface HubStore {
  /**
   * Records a topic's version from a release newer than any seen for the topic; when its content differs from the
   * stored one, bumps the topic's release sequence and queues a delivery for each active subscription, once however
   * many replicas report the same release. A version from an older release changes nothing.
   */
  topicContentSet(version: TopicVersion, now: number): Promise<TopicContentChange>;

  /** Queues a verification of intent (replacing a pending one for the same pair), unless a subscription cap refuses it. */
  verificationRequest(request: IntentRequest, limits: SubscriptionLimits): Promise<IntentOutcome>;
  /** Claims due verifications and denial notices; claims expire after `ttlMs` so a crash loses nothing. */
  verificationClaim(claim: Claim): Promise<VerificationJob[]>;
  /**
   * Ends a verification: a confirmed subscribe replaces the whole subscription state (lease from `sentAt`), a
   * confirmed unsubscribe removes it, anything else changes nothing. A denial notice is simply done.
   */
  verificationComplete(job: VerificationJob, result: Readonly<{ confirmed: boolean; sentAt: number }>): Promise<void>;

  subscriptionGet(topic: string, callback: string): Promise<SubscriptionRecord | undefined>;
  /** Removes subscriptions whose lease has ended (and their pending deliveries); returns how many. */
  subscriptionDeleteExpired(now: number): Promise<number>;

  /** Claims due deliveries of active (unexpired) subscriptions whose content the claimant holds. */
  deliveryClaim(claim: DeliveryClaim): Promise<DeliveryJob[]>;
  /** Gives a claimed delivery back untried (its content is not the claimant's to send); false if the claim was lost. */
  deliveryLeave(job: DeliveryJob, claimant: string): Promise<boolean>;
  /** A 2xx: the failure count is reset; the delivery is done unless a newer version was queued meanwhile. */
  deliveryComplete(job: DeliveryJob, claimant: string, sentSha256: string, now: number): Promise<void>;
  /**
   * A failed attempt. `retryAt(consecutiveFailures)` gives the next attempt's time, or null to give up: the
   * subscription is then removed and a denial notice (`hub.mode=denied`) queued with `denialReason`.
   */
  deliveryIncomplete(job: DeliveryJob, failure: DeliveryFailure): Promise<FailureOutcome>;
  /** A 410 Gone: the subscription is removed at once. */
  deliveryGone(job: DeliveryJob): Promise<void>;

  /**
   * Takes a token from `key`'s bucket (`perMinute` a minute, as much burst), counted in the store so that every
   * process sharing it shares the limit.
   */
  rateLimitTake(key: string, perMinute: number, now: number): Promise<RateDecision>;
  /**
   * Removes expired subscriptions, clears expired claims and forgets full rate-limit buckets; null when another
   * process is sweeping the same store right now.
   */
  sweep(now: number): Promise<SweepOutcome | null>;
  /** Calls `listener` when another process queues work; resolves to a function that stops listening. */
  workListen(listener: () => void): Promise<() => Promise<void>>;

  /**
   * When the next verification or delivery of one of `contents` becomes due (or a claim expires), if any is waiting:
   * deliveries of content the caller does not hold are not its to wait for.
   */
  workNextDueAt(now: number, contents: readonly string[]): Promise<number | undefined>;
  hubStats(now: number): Promise<HubStats>;
  /** Throws unless the database answers. */
  healthCheck(): Promise<void>;
  close(): Promise<void>;
}
