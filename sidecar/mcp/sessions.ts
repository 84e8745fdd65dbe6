// Open MCP sessions: one SDK server and transport each, bounded by a cap, closed after an idle TTL by a sweeper; told about new releases.
import { randomUUID } from "node:crypto";
import v8 from "node:v8";
import { type Server, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { Logger } from "../log.ts";
import type { SnapshotSource } from "./data/snapshot.ts";
import { resourceVersion } from "./resources.ts";
import { createMcpServer, type SessionServerDeps, type Subscriptions } from "./server.ts";

/** A class (not a plain object) so that the heap can be asked how many sessions are still alive (see `heapCheck`). */
export class Session {
  readonly id: string;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: Server;
  readonly subscriptions: Subscriptions;
  lastSeen: number;

  constructor(
    id: string,
    transport: WebStandardStreamableHTTPServerTransport,
    server: Server,
    subscriptions: Subscriptions,
    now: number,
  ) {
    this.id = id;
    this.transport = transport;
    this.server = server;
    this.subscriptions = subscriptions;
    this.lastSeen = now;
  }
}

export type SessionLimits = Readonly<{ ttlMs: number; max: number }>;

export type SessionStore = Readonly<{
  count: () => number;
  /** False when opening one more would pass the cap (sessions being initialized count). */
  hasRoom: () => boolean;
  /**
   * Hands an initialize request to a new server and transport; the session exists once the transport has given it
   * an id, and is dropped again when initialization did not happen.
   */
  initialize: (req: Request, message: unknown) => Promise<Response>;
  /** The live session with this id, marked as used now; an idle one past its TTL is closed and not returned. */
  use: (id: string) => Session | undefined;
  /** Closes sessions idle past the TTL; returns how many. */
  sweep: (now?: number) => number;
  /**
   * Session objects still on the heap after a full collection (v8.queryObjects collects first): more than `count()`
   * means closed sessions are held somewhere, a leak. The collection also lets V8 hand the freed pages back to the OS,
   * which an idle server would otherwise put off until its next allocation-driven collection. Null where the
   * (experimental) API is missing.
   */
  heapCheck: () => number | null;
  /** Sends resources/updated to subscribers whose resources changed in a new release. */
  notifyRelease: () => Promise<void>;
  closeAll: () => Promise<void>;
}>;

export type SessionStoreDeps = SessionServerDeps &
  Readonly<{ data: SnapshotSource; logger: Logger; limits: SessionLimits; now?: () => number }>;

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const now = deps.now ?? Date.now;
  const sessions = new Map<string, Session>();
  let initializing = 0;
  let releaseSeen = deps.data.releaseId();

  const close = (session: Session) => {
    sessions.delete(session.id);
    session.server
      .close()
      .catch((err: unknown) => deps.logger.warn("MCP session did not close cleanly", { err: err as Error }));
  };

  const expired = (s: Session, t: number) => t - s.lastSeen > deps.limits.ttlMs;

  return Object.freeze({
    count: () => sessions.size,
    hasRoom: () => sessions.size + initializing < deps.limits.max,

    initialize: async (req: Request, message: unknown) => {
      initializing++;
      const subscriptions: Subscriptions = new Map();
      let session: Session | undefined;
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        // SSE answers, not JSON: the SDK keeps per-request state in JSON mode on stateful sessions (SDK issue #2559).
        enableJsonResponse: false,
        onsessioninitialized: (id) => {
          session = new Session(id, transport, server, subscriptions, now());
          sessions.set(id, session);
        },
      });
      const server = createMcpServer(deps, { era: "legacy", subscriptions });
      server.onclose = () => {
        if (session && sessions.get(session.id) === session) sessions.delete(session.id);
      };
      // Transport-level refusals (bad Accept, bad version) are answered to the client; they are not server errors.
      server.onerror = () => {};
      try {
        await server.connect(transport);
        return await transport.handleRequest(req, { parsedBody: message });
      } finally {
        initializing--;
        if (!session) void server.close();
      }
    },

    use: (id: string) => {
      const session = sessions.get(id);
      if (!session) return undefined;
      const t = now();
      if (expired(session, t)) {
        close(session);
        return undefined;
      }
      session.lastSeen = t;
      return session;
    },

    sweep: (t = now()) => {
      let closed = 0;
      for (const session of sessions.values()) {
        if (expired(session, t)) {
          close(session);
          closed++;
        }
      }
      return closed;
    },

    heapCheck: () => {
      try {
        return typeof v8.queryObjects === "function" ? (v8.queryObjects(Session) as number) : null;
      } catch {
        return null;
      }
    },

    notifyRelease: async () => {
      const release = deps.data.releaseId();
      if (release === releaseSeen) return;
      releaseSeen = release;
      const snapshot = deps.data.current();
      for (const session of sessions.values()) {
        for (const [uri, seen] of session.subscriptions) {
          const version = resourceVersion(uri, snapshot) ?? "(gone)";
          if (version === seen) continue;
          session.subscriptions.set(uri, version);
          session.server.sendResourceUpdated({ uri }).catch(() => {});
        }
        session.server
          .sendLoggingMessage(
            {
              level: "info",
              logger: "reviews-service",
              data: `New data published: release ${release}, ${snapshot.index.size} reviews.`,
            },
            session.id,
          )
          .catch(() => {});
      }
    },

    closeAll: async () => {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(all.map((s) => s.server.close()));
    },
  });
}
