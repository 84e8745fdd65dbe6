// The MCP session store on SQLite (node:sqlite), in the hub's database file: processes on one machine share sessions.
import type { DatabaseSync, SQLOutputValue } from "node:sqlite";
import { immediate, openSqlite, prepareAll } from "../../db/sqlite.ts";
import { RATE_WINDOW_MS, refusedUntil } from "./admission.ts";
import { migrateSessionTables } from "./sqlite-schema.ts";
import { toSessionRecord } from "./session-row.ts";
import type {
  McpSessionStore,
  NewSession,
  SessionAdmission,
  SessionLimit,
  SessionLimits,
  SubscriptionEntry,
} from "./store.ts";

type Row = Record<string, SQLOutputValue>;

const SQL = {
  liveAll: `SELECT count(*) AS n, min(last_seen_at) AS oldest FROM mcp_sessions
    WHERE ended_at IS NULL AND last_seen_at >= :cutoff`,
  liveOfClient: `SELECT count(*) AS n, min(last_seen_at) AS oldest FROM mcp_sessions
    WHERE client_address = :client AND ended_at IS NULL AND last_seen_at >= :cutoff`,
  recentOfClient: `SELECT count(*) AS n, min(created_at) AS oldest FROM mcp_sessions
    WHERE client_address = :client AND created_at > :since`,
  insert: `INSERT INTO mcp_sessions (id, protocol_version, client, client_address, created_at, last_seen_at)
    VALUES (:id, :protocolVersion, :client, :clientAddress, :now, :now)`,
  get: `SELECT * FROM mcp_sessions WHERE id = ?`,
  touch: `UPDATE mcp_sessions SET last_seen_at = max(last_seen_at, :now) WHERE id = :id`,
  end: `UPDATE mcp_sessions SET ended_at = :now WHERE id = :id AND ended_at IS NULL`,
  live: `SELECT * FROM mcp_sessions WHERE id IN (SELECT value FROM json_each(:ids))
    AND ended_at IS NULL AND last_seen_at >= :cutoff`,
  endIdle: `UPDATE mcp_sessions SET ended_at = :now WHERE ended_at IS NULL AND last_seen_at < :cutoff`,
  forget: `DELETE FROM mcp_sessions WHERE ended_at IS NOT NULL AND created_at <= :before`,
  logLevel: `UPDATE mcp_sessions SET log_level = :level WHERE id = :id`,
  subscriptionCount: `SELECT count(*) AS n, sum(uri = :uri) AS has FROM mcp_subscriptions WHERE session_id = :session`,
  subscriptionUpsert: `INSERT INTO mcp_subscriptions (session_id, uri, version) VALUES (:session, :uri, :version)
    ON CONFLICT (session_id, uri) DO UPDATE SET version = excluded.version`,
  subscriptionDelete: `DELETE FROM mcp_subscriptions WHERE session_id = ? AND uri = ?`,
  subscriptionList: `SELECT uri, version FROM mcp_subscriptions WHERE session_id = ? ORDER BY uri`,
  subscriptionAdvance: `UPDATE mcp_subscriptions SET version = :next
    WHERE session_id = :session AND uri = :uri AND version = :seen`,
} as const;

/** The store in the SQLite file `file` (opened here, closed with the store). */
export function openSqliteSessionStore(file: string): McpSessionStore {
  const db = openSqlite(file);
  return createSqliteSessionStore(db, async () => {
    if (db.isOpen) db.close();
  });
}

/** The store on an open database, which `close` closes. */
export function createSqliteSessionStore(db: DatabaseSync, close: () => Promise<void>): McpSessionStore {
  migrateSessionTables(db);
  const stmt = prepareAll(db, SQL);
  // Counting and inserting in one IMMEDIATE transaction: replicas admitting at once cannot both take the last slot.
  const inTransaction = <T>(fn: () => T): T => immediate(db, fn);

  const admit = (s: NewSession, limits: SessionLimits, now: number): SessionAdmission => {
    const cutoff = now - limits.ttlMs;
    const refused = (limit: SessionLimit, until: number) => refusedUntil(limit, until, now);
    const recent = stmt.recentOfClient.get({ client: s.clientAddress, since: now - RATE_WINDOW_MS }) as Row;
    if (Number(recent["n"]) >= limits.perClientPerMinute) {
      return refused("client-rate", Number(recent["oldest"]) + RATE_WINDOW_MS);
    }
    const ofClient = stmt.liveOfClient.get({ client: s.clientAddress, cutoff }) as Row;
    if (Number(ofClient["n"]) >= limits.maxPerClient) {
      return refused("client-sessions", Number(ofClient["oldest"]) + limits.ttlMs);
    }
    const all = stmt.liveAll.get({ cutoff }) as Row;
    if (Number(all["n"]) >= limits.max) return refused("sessions", Number(all["oldest"]) + limits.ttlMs);
    const { id, protocolVersion, client, clientAddress } = s;
    stmt.insert.run({ id, protocolVersion, client, clientAddress, now });
    return { status: "created" };
  };

  return {
    async sessionCreate(s, limits, now) {
      return inTransaction(() => admit(s, limits, now));
    },

    async sessionTouch(id, now, ttlMs) {
      const row = stmt.get.get(id) as Row | undefined;
      if (!row) return undefined;
      const record = toSessionRecord(row);
      if (record.endedAt !== null || now - record.lastSeenAt > ttlMs) return undefined;
      if (now - record.lastSeenAt >= Math.min(1000, ttlMs / 20)) stmt.touch.run({ id, now });
      return { ...record, lastSeenAt: Math.max(record.lastSeenAt, now) };
    },

    async sessionEnd(id, now) {
      return Number(stmt.end.run({ id, now }).changes) > 0;
    },

    async sessionLive(ids, now, ttlMs) {
      if (ids.length === 0) return [];
      return (stmt.live.all({ ids: JSON.stringify(ids), cutoff: now - ttlMs }) as Row[]).map(toSessionRecord);
    },

    async sessionEndIdle(now, ttlMs) {
      return inTransaction(() => {
        const ended = Number(stmt.endIdle.run({ now, cutoff: now - ttlMs }).changes);
        stmt.forget.run({ before: now - RATE_WINDOW_MS });
        return ended;
      });
    },

    async sessionCount(now, ttlMs) {
      return Number((stmt.liveAll.get({ cutoff: now - ttlMs }) as Row)["n"]);
    },

    async sessionLogLevelSet(id, level) {
      stmt.logLevel.run({ id, level });
    },

    async subscriptionAdd(sessionId, entry, max) {
      return inTransaction(() => {
        const row = stmt.subscriptionCount.get({ session: sessionId, uri: entry.uri }) as Row;
        if (Number(row["has"] ?? 0) === 0 && Number(row["n"]) >= max) return false;
        stmt.subscriptionUpsert.run({ session: sessionId, uri: entry.uri, version: entry.version });
        return true;
      });
    },

    async subscriptionRemove(sessionId, uri) {
      stmt.subscriptionDelete.run(sessionId, uri);
    },

    async subscriptionList(sessionId): Promise<SubscriptionEntry[]> {
      return (stmt.subscriptionList.all(sessionId) as Row[]).map((r) => ({
        uri: String(r["uri"]),
        version: String(r["version"]),
      }));
    },

    async subscriptionAdvance(sessionId, uri, seen, next) {
      return Number(stmt.subscriptionAdvance.run({ session: sessionId, uri, seen, next }).changes) > 0;
    },

    close,
  };
}
