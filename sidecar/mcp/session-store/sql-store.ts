// The MCP session store over HUB_DB's SQL, written once for both engines: each gives its dialect of a few statements.
import { type Row, type Sql, text, textOrNull } from "../../db/sql.ts";
import type { McpSessionStore, SessionAdmission, SessionLimit, SessionRecord, SubscriptionEntry } from "./store.ts";

/** The window of the per-client rate of new sessions. */
const RATE_WINDOW_MS = 60_000;

/** The statements whose text differs between the engines (positional parameters in both). */
export type SessionDialect = Readonly<{
  /** $1 id, $2 now: the last use moved forward, never back. */
  touch: string;
  /** $1 ids, $2 cutoff. */
  live: string;
  /** Taken first in an admission's transaction, so replicas admitting at once cannot both take the last slot. */
  admitLock?: string;
  /** $1 session: taken first when a subscription is added, so two replicas adding at once count each other's. */
  sessionLock?: string;
}>;

const SQL = {
  liveAll: `SELECT count(*) AS n, min(last_seen_at) AS oldest FROM mcp_sessions
    WHERE ended_at IS NULL AND last_seen_at >= $1`,
  liveOfClient: `SELECT count(*) AS n, min(last_seen_at) AS oldest FROM mcp_sessions
    WHERE client_address = $1 AND ended_at IS NULL AND last_seen_at >= $2`,
  recentOfClient: `SELECT count(*) AS n, min(created_at) AS oldest FROM mcp_sessions
    WHERE client_address = $1 AND created_at > $2`,
  insert: `INSERT INTO mcp_sessions (id, protocol_version, client, client_address, created_at, last_seen_at)
    VALUES ($1, $2, $3, $4, $5, $5)`,
  get: `SELECT * FROM mcp_sessions WHERE id = $1`,
  end: `UPDATE mcp_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL`,
  endIdle: `UPDATE mcp_sessions SET ended_at = $1 WHERE ended_at IS NULL AND last_seen_at < $2`,
  forget: `DELETE FROM mcp_sessions WHERE ended_at IS NOT NULL AND created_at <= $1`,
  logLevel: `UPDATE mcp_sessions SET log_level = $2 WHERE id = $1`,
  subscriptionCount: `SELECT count(*) AS n, count(*) FILTER (WHERE uri = $2) AS has FROM mcp_subscriptions
    WHERE session_id = $1`,
  subscriptionUpsert: `INSERT INTO mcp_subscriptions (session_id, uri, version) VALUES ($1, $2, $3)
    ON CONFLICT (session_id, uri) DO UPDATE SET version = excluded.version`,
  subscriptionDelete: `DELETE FROM mcp_subscriptions WHERE session_id = $1 AND uri = $2`,
  subscriptionList: `SELECT uri, version FROM mcp_subscriptions WHERE session_id = $1 ORDER BY uri`,
  subscriptionAdvance: `UPDATE mcp_subscriptions SET version = $4 WHERE session_id = $1 AND uri = $2 AND version = $3`,
} as const;

/** The store on `sql`, whose tables are already migrated; `close` is its close(). */
export function createSqlSessionStore(sql: Sql, dialect: SessionDialect, close: () => Promise<void>): McpSessionStore {
  const one = async (text: string, args: unknown[]) => (await sql.query(text, args)).rows[0] as Row;
  const changed = async (text: string, args: unknown[]) => (await sql.query(text, args)).rowCount > 0;

  return {
    sessionCreate: (s, limits, now) =>
      sql.transaction(async (q): Promise<SessionAdmission> => {
        if (dialect.admitLock) await q(dialect.admitLock);
        const first = async (text: string, args: unknown[]) => (await q(text, args)).rows[0]!;
        const cutoff = now - limits.ttlMs;
        const recent = await first(SQL.recentOfClient, [s.clientAddress, now - RATE_WINDOW_MS]);
        if (Number(recent["n"]) >= limits.perClientPerMinute)
          return refusedUntil("client-rate", Number(recent["oldest"]) + RATE_WINDOW_MS, now);
        const ofClient = await first(SQL.liveOfClient, [s.clientAddress, cutoff]);
        if (Number(ofClient["n"]) >= limits.maxPerClient)
          return refusedUntil("client-sessions", Number(ofClient["oldest"]) + limits.ttlMs, now);
        const all = await first(SQL.liveAll, [cutoff]);
        if (Number(all["n"]) >= limits.max) return refusedUntil("sessions", Number(all["oldest"]) + limits.ttlMs, now);
        await q(SQL.insert, [s.id, s.protocolVersion, s.client, s.clientAddress, now]);
        return { status: "created" };
      }),

    async sessionTouch(id, now, ttlMs) {
      const row = await one(SQL.get, [id]);
      if (!row) return undefined;
      const record = toSessionRecord(row);
      if (record.endedAt !== null || now - record.lastSeenAt > ttlMs) return undefined;
      if (now - record.lastSeenAt >= Math.min(1000, ttlMs / 20)) await sql.query(dialect.touch, [id, now]);
      return { ...record, lastSeenAt: Math.max(record.lastSeenAt, now) };
    },

    sessionEnd: (id, now) => changed(SQL.end, [id, now]),

    async sessionLive(ids, now, ttlMs) {
      if (ids.length === 0) return [];
      return (await sql.query(dialect.live, [[...ids], now - ttlMs])).rows.map(toSessionRecord);
    },

    sessionEndIdle: (now, ttlMs) =>
      sql.transaction(async (q) => {
        const ended = (await q(SQL.endIdle, [now, now - ttlMs])).rowCount;
        await q(SQL.forget, [now - RATE_WINDOW_MS]);
        return ended;
      }),

    sessionCount: async (now, ttlMs) => Number((await one(SQL.liveAll, [now - ttlMs]))["n"]),

    async sessionLogLevelSet(id, level) {
      await sql.query(SQL.logLevel, [id, level]);
    },

    subscriptionAdd: (sessionId, entry, max) =>
      sql.transaction(async (q) => {
        if (dialect.sessionLock) await q(dialect.sessionLock, [sessionId]);
        const row = (await q(SQL.subscriptionCount, [sessionId, entry.uri])).rows[0]!;
        if (Number(row["has"]) === 0 && Number(row["n"]) >= max) return false;
        await q(SQL.subscriptionUpsert, [sessionId, entry.uri, entry.version]);
        return true;
      }),

    async subscriptionRemove(sessionId, uri) {
      await sql.query(SQL.subscriptionDelete, [sessionId, uri]);
    },

    async subscriptionList(sessionId): Promise<SubscriptionEntry[]> {
      return (await sql.query(SQL.subscriptionList, [sessionId])).rows.map((r) => ({
        uri: String(r["uri"]),
        version: String(r["version"]),
      }));
    },

    subscriptionAdvance: (sessionId, uri, seen, next) => changed(SQL.subscriptionAdvance, [sessionId, uri, seen, next]),

    close,
  };
}

/** A refusal by `limit`, with the time until `until` (when a slot frees if nothing else changes). */
function refusedUntil(limit: SessionLimit, until: number, now: number): SessionAdmission {
  return { status: "refused", limit, retryAfterMs: Math.max(0, until - now) };
}

function toSessionRecord(row: Row): SessionRecord {
  return {
    id: text(row["id"]),
    protocolVersion: text(row["protocol_version"]),
    client: text(row["client"]),
    clientAddress: text(row["client_address"]),
    createdAt: Number(row["created_at"]),
    lastSeenAt: Number(row["last_seen_at"]),
    endedAt: row["ended_at"] === null ? null : Number(row["ended_at"]),
    logLevel: textOrNull(row["log_level"]),
  };
}
