// 2025 MCP sessions any replica serves: admitted and recorded in the shared session store (caps, idle TTL, end), served
// by an SDK transport on whichever replica a request reaches (rebuilt there on first sight), told about new releases.
import type { Logger } from "../log.ts";
import type { SnapshotSource } from "./data/snapshot.ts";
import type { JsonRpcMessage } from "./http/body.ts";
import type { InitializeOutcome, LegacySession, LegacySessions } from "./http/legacy.ts";
import { LEVELS } from "./request-check.ts";
import { resourceVersion } from "./resources.ts";
import { MAX_SUBSCRIPTIONS, type SessionServerDeps, type Subscriptions } from "./server.ts";
import type { SessionIds } from "./session-store/session-id.ts";
import type { McpSessionStore, SessionLimits } from "./session-store/store.ts";
import { clientOf, replayInitialize, type Session, sessionFor, trackStream } from "./session-transport.ts";

export type Sessions = LegacySessions &
  Readonly<{
    /** Sessions this replica holds a transport for. */
    count: () => number;
    /** Ends sessions idle past the TTL and closes transports whose session is over; returns how many it closed here. */
    sweep: (now?: number) => Promise<number>;
    /** Sends resources/updated (and a log message) on the event streams this replica holds, when the release changed. */
    notifyRelease: () => Promise<void>;
    closeAll: () => Promise<void>;
  }>;

export type SessionsDeps = SessionServerDeps &
  Readonly<{
    data: SnapshotSource;
    logger: Logger;
    store: McpSessionStore;
    ids: SessionIds;
    limits: SessionLimits;
    now?: () => number;
  }>;

/** The client's info and capabilities are stored for replays: a bound on what one initialize may put there. */
const MAX_CLIENT_JSON_BYTES = 16 * 1024;

export function createSessions(deps: SessionsDeps): Sessions {
  const { store, limits } = deps;
  const now = deps.now ?? Date.now;
  const local = new Map<string, Session>();
  const rebuilding = new Map<string, Promise<Session | undefined>>();
  let releaseSeen = deps.data.releaseId();

  const subscriptionsOf = (id: string): Subscriptions => ({
    add: (uri, version) => store.subscriptionAdd(id, { uri, version }, MAX_SUBSCRIPTIONS),
    remove: (uri) => store.subscriptionRemove(id, uri),
  });
  const forget = (session: Session) => {
    if (local.get(session.id) === session) local.delete(session.id);
  };
  const open = (id: string, protocolVersion: string, client: string) =>
    sessionFor(id, protocolVersion, client, deps, subscriptionsOf(id), now(), forget);
  const close = (session: Session) => {
    forget(session);
    session.server
      .close()
      .catch((err: unknown) => deps.logger.warn("MCP session did not close cleanly", { err: err as Error }));
  };

  const rebuild = async (id: string): Promise<Session | undefined> => {
    const record = await store.sessionTouch(id, now(), limits.ttlMs);
    if (!record) return undefined;
    const session = await open(id, record.protocolVersion, record.client);
    if (!(await replayInitialize(session, record))) {
      deps.logger.warn("an MCP session could not be rebuilt on this replica", { session: id });
      void session.server.close();
      return undefined;
    }
    local.set(id, session);
    return session;
  };

  const find = async (id: string): Promise<Session | undefined> => {
    if (!deps.ids.verify(id)) return undefined;
    const mine = local.get(id);
    if (mine) {
      if (!(await store.sessionTouch(id, now(), limits.ttlMs))) {
        close(mine);
        return undefined;
      }
      mine.lastUsed = now();
      return mine;
    }
    // Requests racing for a session this replica has not seen yet share one rebuild.
    let pending = rebuilding.get(id);
    if (!pending) {
      pending = rebuild(id).finally(() => rebuilding.delete(id));
      rebuilding.set(id, pending);
    }
    return pending;
  };

  const handle = async (session: Session, req: Request, body?: JsonRpcMessage | JsonRpcMessage[]) => {
    for (const message of Array.isArray(body) ? body : body ? [body] : []) {
      const level = (message["params"] as Record<string, unknown> | undefined)?.["level"];
      if (
        message["method"] === "logging/setLevel" &&
        typeof level === "string" &&
        (LEVELS as readonly string[]).includes(level)
      ) {
        await store.sessionLogLevelSet(session.id, level);
      }
    }
    const res = await session.transport.handleRequest(req, body ? { parsedBody: body } : undefined);
    if (req.method === "DELETE" && res.status === 200) await store.sessionEnd(session.id, now());
    return req.method === "GET" ? trackStream(session, res) : res;
  };

  return Object.freeze({
    count: () => local.size,

    initialize: async (req, message, clientAddress): Promise<InitializeOutcome> => {
      const params = message["params"] as Record<string, unknown>;
      const client = clientOf(params);
      if (Buffer.byteLength(client) > MAX_CLIENT_JSON_BYTES) {
        const message = `clientInfo and capabilities together must not exceed ${MAX_CLIENT_JSON_BYTES} bytes of JSON`;
        return { status: "invalid", message };
      }
      const id = deps.ids.create();
      const protocolVersion = String(params["protocolVersion"]);
      const admission = await store.sessionCreate({ id, protocolVersion, client, clientAddress }, limits, now());
      if (admission.status === "refused") {
        const retryAfterSeconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
        return { status: "refused", limit: admission.limit, retryAfterSeconds };
      }
      const session = await open(id, protocolVersion, client);
      local.set(id, session);
      const response = await session.transport.handleRequest(req, { parsedBody: message });
      if (session.transport.sessionId !== id) {
        // The transport refused the request: no session was opened after all.
        close(session);
        await store.sessionEnd(id, now());
      }
      return { status: "opened", response };
    },

    use: async (id): Promise<LegacySession | undefined> => {
      const session = await find(id);
      return session && { protocolVersion: session.protocolVersion, handle: (req, body) => handle(session, req, body) };
    },

    sweep: async (t = now()) => {
      await store.sessionEndIdle(t, limits.ttlMs);
      const live = new Set((await store.sessionLive([...local.keys()], t, limits.ttlMs)).map((r) => r.id));
      let closed = 0;
      for (const session of [...local.values()]) {
        // A session idle here but busy elsewhere is only dropped here: it is rebuilt if it comes back.
        const idleHere = session.streams === 0 && t - session.lastUsed > limits.ttlMs;
        if (!live.has(session.id) || idleHere) {
          close(session);
          closed++;
        }
      }
      return closed;
    },

    notifyRelease: async () => {
      const release = deps.data.releaseId();
      if (release === releaseSeen) return;
      releaseSeen = release;
      const snapshot = deps.data.current();
      const streaming = [...local.values()].filter((s) => s.streams > 0);
      const records = await store.sessionLive(
        streaming.map((s) => s.id),
        now(),
        limits.ttlMs,
      );
      for (const record of records) {
        const session = local.get(record.id);
        if (!session) continue;
        for (const { uri, version: seen } of await store.subscriptionList(record.id)) {
          // A newer release came meanwhile (this one's reviews may be closed): its own call notifies.
          if (deps.data.releaseId() !== release) return;
          const version = resourceVersion(uri, snapshot) ?? "(gone)";
          // Only the replica that moves the version notifies: a client with streams on two replicas hears it once.
          if (version === seen || !(await store.subscriptionAdvance(record.id, uri, seen, version))) continue;
          session.server.sendResourceUpdated({ uri }).catch(() => {});
        }
        if (LEVELS.indexOf((record.logLevel ?? "debug") as (typeof LEVELS)[number]) > LEVELS.indexOf("info")) continue;
        // The level is the session's, set on whichever replica: this server's own filter may not have seen it.
        const data = `New data published: release ${release}, ${snapshot.index.size} reviews.`;
        const params = { level: "info" as const, logger: "reviews-service", data };
        session.server.notification({ method: "notifications/message", params }).catch(() => {});
      }
    },

    closeAll: async () => {
      const all = [...local.values()];
      local.clear();
      await Promise.allSettled(all.map((s) => s.server.close()));
    },
  });
}
