// Where MCP sessions live so that every replica sharing HUB_DB serves them: a narrow interface named entity-first, so
// that another engine (PostgreSQL) can replace SQLite. Times are epoch milliseconds passed in by the caller.

export type SessionRecord = Readonly<{
  id: string;
  /** The version negotiated by initialize. */
  protocolVersion: string;
  /** The initialize request's `clientInfo` and `capabilities` as JSON: a replica rebuilding the session replays them. */
  client: string;
  /** The key of the client that opened it (per-client caps count by it). */
  clientAddress: string;
  createdAt: number;
  lastSeenAt: number;
  endedAt: number | null;
  /** The level set by logging/setLevel, when the client set one. */
  logLevel: string | null;
}>;

type NewSession = Pick<SessionRecord, "id" | "protocolVersion" | "client" | "clientAddress">;

export type SessionLimits = Readonly<{
  /** A session unused for longer is over: not returned, not counted, ended by the next sweep. */
  ttlMs: number;
  /** Live sessions in all. */
  max: number;
  /** Live sessions per client address. */
  maxPerClient: number;
  /** Sessions a client address may open per minute (ended ones count). */
  perClientPerMinute: number;
}>;

/** Which limit refused a new session. */
export type SessionLimit = "sessions" | "client-sessions" | "client-rate";

export type SessionAdmission =
  | Readonly<{ status: "created" }>
  /** `retryAfterMs`: until a slot frees if nothing else changes (an idle session expires, the minute moves on). */
  | Readonly<{ status: "refused"; limit: SessionLimit; retryAfterMs: number }>;

export type SubscriptionEntry = Readonly<{ uri: string; version: string }>;

export interface McpSessionStore {
  /** Records a new session unless a limit refuses it; the check and the insert are one transaction. */
  sessionCreate(session: NewSession, limits: SessionLimits, now: number): Promise<SessionAdmission>;
  /**
   * The live session with this id, its last use moved to `now` (written at most every ttlMs/20, and at least every
   * second, so the TTL holds within 5%); undefined when it is unknown, ended or idle past `ttlMs`.
   */
  sessionTouch(id: string, now: number, ttlMs: number): Promise<SessionRecord | undefined>;
  /** Ends a session for every replica; false when it was not live. */
  sessionEnd(id: string, now: number): Promise<boolean>;
  /** Those of `ids` that are live (without touching them). */
  sessionLive(ids: readonly string[], now: number, ttlMs: number): Promise<SessionRecord[]>;
  /**
   * Ends sessions idle past `ttlMs` and forgets ended ones older than a minute (the per-client rate still counts
   * those); returns how many it ended.
   */
  sessionEndIdle(now: number, ttlMs: number): Promise<number>;
  sessionCount(now: number, ttlMs: number): Promise<number>;
  sessionLogLevelSet(id: string, level: string): Promise<void>;

  /** Adds (or refreshes) a resource subscription; false when the session already has `max` others. */
  subscriptionAdd(sessionId: string, entry: SubscriptionEntry, max: number): Promise<boolean>;
  subscriptionRemove(sessionId: string, uri: string): Promise<void>;
  subscriptionList(sessionId: string): Promise<SubscriptionEntry[]>;
  /**
   * Moves a subscription from the version `seen` to `next`; false when another replica already did (or the
   * subscription is gone): only the one that moved it notifies.
   */
  subscriptionAdvance(sessionId: string, uri: string, seen: string, next: string): Promise<boolean>;

  close(): Promise<void>;
}
