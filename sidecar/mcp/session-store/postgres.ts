// The MCP session store on PostgreSQL (the `pg` pool HUB_DB opens): replicas on several machines share sessions.
import type pg from "pg";
import { createLimit } from "../../db/limit.ts";
import { migrateSessionTables, SESSION_LOCKS } from "./postgres-schema.ts";
import { RATE_WINDOW_MS, refusedUntil } from "./admission.ts";
import { toSessionRecord } from "./session-row.ts";
import type { McpSessionStore, SessionAdmission, SubscriptionEntry } from "./store.ts";

type Row = Record<string, unknown>;

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
  touch: `UPDATE mcp_sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id = $1`,
  end: `UPDATE mcp_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL`,
  live: `SELECT * FROM mcp_sessions WHERE id = ANY($1) AND ended_at IS NULL AND last_seen_at >= $2`,
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

export type PostgresSessionStoreOptions = Readonly<{
  /** Connections of the pool the store holds at most at once: the others stay the hub's. */
  maxConnections: number;
  close: () => Promise<void>;
}>;

/** The store on `pool`, its tables migrated first. */
export async function openPostgresSessionStore(
  pool: pg.Pool,
  options: PostgresSessionStoreOptions,
): Promise<McpSessionStore> {
  await migrateSessionTables(pool);
  // Every use of the pool below waits its turn here, so that a flood of sessions queues in the store, not in the pool
  // where the hub's queries wait too.
  const limit = createLimit(options.maxConnections);
  const query = (sql: string, args: unknown[]) => limit(() => pool.query(sql, args));
  const one = async (sql: string, args: unknown[], db?: pg.PoolClient) =>
    (await (db ? db.query(sql, args) : query(sql, args))).rows[0] as Row;
  const changed = async (sql: string, args: unknown[]) => ((await query(sql, args)).rowCount ?? 0) > 0;
  // One transaction holding the admission lock: replicas admitting at once cannot both take the last slot.
  const inTransaction = <T>(fn: (db: pg.PoolClient) => Promise<T>, lock?: number): Promise<T> =>
    limit(async () => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        if (lock !== undefined) await client.query("SELECT pg_advisory_xact_lock($1)", [lock]);
        const out = await fn(client);
        await client.query("COMMIT");
        return out;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    });

  return {
    async sessionCreate(s, limits, now) {
      return inTransaction(async (db): Promise<SessionAdmission> => {
        const cutoff = now - limits.ttlMs;
        const recent = await one(SQL.recentOfClient, [s.clientAddress, now - RATE_WINDOW_MS], db);
        if (Number(recent["n"]) >= limits.perClientPerMinute)
          return refusedUntil("client-rate", Number(recent["oldest"]) + RATE_WINDOW_MS, now);
        const ofClient = await one(SQL.liveOfClient, [s.clientAddress, cutoff], db);
        if (Number(ofClient["n"]) >= limits.maxPerClient)
          return refusedUntil("client-sessions", Number(ofClient["oldest"]) + limits.ttlMs, now);
        const all = await one(SQL.liveAll, [cutoff], db);
        if (Number(all["n"]) >= limits.max) return refusedUntil("sessions", Number(all["oldest"]) + limits.ttlMs, now);
        await db.query(SQL.insert, [s.id, s.protocolVersion, s.client, s.clientAddress, now]);
        return { status: "created" };
      }, SESSION_LOCKS.admit);
    },

    async sessionTouch(id, now, ttlMs) {
      const row = await one(SQL.get, [id]);
      if (!row) return undefined;
      const record = toSessionRecord(row);
      if (record.endedAt !== null || now - record.lastSeenAt > ttlMs) return undefined;
      if (now - record.lastSeenAt >= Math.min(1000, ttlMs / 20)) await query(SQL.touch, [id, now]);
      return { ...record, lastSeenAt: Math.max(record.lastSeenAt, now) };
    },

    sessionEnd: (id, now) => changed(SQL.end, [id, now]),

    async sessionLive(ids, now, ttlMs) {
      if (ids.length === 0) return [];
      return (await query(SQL.live, [[...ids], now - ttlMs])).rows.map(toSessionRecord);
    },

    async sessionEndIdle(now, ttlMs) {
      return inTransaction(async (db) => {
        const ended = (await db.query(SQL.endIdle, [now, now - ttlMs])).rowCount ?? 0;
        await db.query(SQL.forget, [now - RATE_WINDOW_MS]);
        return ended;
      });
    },

    sessionCount: async (now, ttlMs) => Number((await one(SQL.liveAll, [now - ttlMs]))["n"]),

    async sessionLogLevelSet(id, level) {
      await query(SQL.logLevel, [id, level]);
    },

    async subscriptionAdd(sessionId, entry, max) {
      return inTransaction(async (db) => {
        // The session's row locked: two replicas adding at once count each other's subscription.
        await db.query("SELECT 1 FROM mcp_sessions WHERE id = $1 FOR UPDATE", [sessionId]);
        const row = await one(SQL.subscriptionCount, [sessionId, entry.uri], db);
        if (Number(row["has"]) === 0 && Number(row["n"]) >= max) return false;
        await db.query(SQL.subscriptionUpsert, [sessionId, entry.uri, entry.version]);
        return true;
      });
    },

    async subscriptionRemove(sessionId, uri) {
      await query(SQL.subscriptionDelete, [sessionId, uri]);
    },

    async subscriptionList(sessionId): Promise<SubscriptionEntry[]> {
      return (await query(SQL.subscriptionList, [sessionId])).rows.map((r: Row) => ({
        uri: String(r["uri"]),
        version: String(r["version"]),
      }));
    },

    subscriptionAdvance: (sessionId, uri, seen, next) => changed(SQL.subscriptionAdvance, [sessionId, uri, seen, next]),

    close: options.close,
  };
}
