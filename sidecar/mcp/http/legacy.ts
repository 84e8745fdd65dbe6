// The 2025 leg of /mcp: initialize opens a session (Mcp-Session-Id), later requests, the GET stream and DELETE go to it.
// It reaches the sessions only through `LegacySessions`, behind which they live in the store every replica shares.
import { isInitializeRequest } from "@modelcontextprotocol/server";
import { BATCH_VERSIONS, negotiate } from "../protocol.ts";
import { RPC, rpcError } from "../rpc.ts";
import type { SessionLimit } from "../session-store/store.ts";
import { idOf, type JsonRpcMessage } from "./body.ts";

export type InitializeOutcome =
  | Readonly<{ status: "opened"; response: Response }>
  | Readonly<{ status: "refused"; limit: SessionLimit; retryAfterSeconds: number }>
  | Readonly<{ status: "invalid"; message: string }>;

/** One live session as this replica serves it. */
export type LegacySession = Readonly<{
  /** The revision negotiated in the session's initialize. */
  protocolVersion: string;
  /** Hands a request (one message or a batch) of the session to its transport (DELETE also ends it for every replica). */
  handle: (req: Request, body?: JsonRpcMessage | JsonRpcMessage[]) => Promise<Response>;
}>;

/** What the 2025 leg needs of the sessions. */
export type LegacySessions = Readonly<{
  /**
   * Admits a new session for `clientAddress` and answers its initialize request (the answer carries Mcp-Session-Id),
   * or says which limit refused it; the check and the record are one step in the store, so replicas cannot both take
   * the last slot.
   */
  initialize: (req: Request, message: Record<string, unknown>, clientAddress: string) => Promise<InitializeOutcome>;
  /** The live session with this id, marked as used now (on any replica); undefined when unknown, forged, expired or ended. */
  use: (id: string) => Promise<LegacySession | undefined>;
}>;

export type LegacyDeps = Readonly<{ sessions: LegacySessions }>;

/** Per-client limits are the client's to wait out (429); the total cap is the server's state (503). */
const REFUSALS = {
  "client-rate": [429, "Too Many Requests: this client opens MCP sessions too fast; try again later"],
  "client-sessions": [429, "Too Many Requests: this client holds too many open MCP sessions; DELETE unused ones"],
  sessions: [503, "Service Unavailable: too many open MCP sessions; try again later"],
} as const;

/** A POST that carries Mcp-Session-Id, or a 2025 request without one (initialize, or a mistake). */
export async function legacyPost(
  req: Request,
  message: JsonRpcMessage,
  clientAddress: () => string,
  deps: LegacyDeps,
): Promise<Response> {
  const { sessions } = deps;
  const sessionId = req.headers.get("mcp-session-id");
  if (sessionId !== null) {
    const session = await sessions.use(sessionId);
    return session ? session.handle(req, message) : unknownSession();
  }
  const id = idOf(message);
  if (message["method"] !== "initialize") {
    return rpcError(
      400,
      RPC.serverError,
      "Bad Request: Mcp-Session-Id header is required; send initialize first to open a session, or use protocol version 2026-07-28 (no session: _meta on every request)",
      { id },
    );
  }
  if (!isInitializeRequest(message)) {
    return rpcError(
      400,
      RPC.invalidParams,
      "Invalid params: initialize needs protocolVersion (string), capabilities (object) and clientInfo {name, version}",
      { id },
    );
  }
  const opened = await sessions.initialize(req, negotiate(message), clientAddress());
  if (opened.status === "opened") return opened.response;
  if (opened.status === "invalid") return rpcError(400, RPC.invalidParams, `Invalid params: ${opened.message}`, { id });
  const [status, text] = REFUSALS[opened.limit];
  return rpcError(status, RPC.serverError, text, { id, headers: { "retry-after": String(opened.retryAfterSeconds) } });
}

/**
 * A JSON-RPC batch: taken only in a session that negotiated a revision with batches (2025-03-26), whose transport
 * answers its messages together; initialize opens a session and is sent alone.
 */
export async function legacyBatch(req: Request, batch: JsonRpcMessage[], deps: LegacyDeps): Promise<Response> {
  if (batch.some((m) => m["method"] === "initialize"))
    return rpcError(400, RPC.invalidRequest, "Invalid Request: initialize cannot be batched; send it alone");
  const sessionId = req.headers.get("mcp-session-id");
  if (sessionId === null) return rpcError(400, RPC.invalidRequest, NO_BATCHES);
  const session = await deps.sessions.use(sessionId);
  if (!session) return unknownSession();
  if (!BATCH_VERSIONS.has(session.protocolVersion))
    return rpcError(400, RPC.invalidRequest, `${NO_BATCHES} (this session speaks ${session.protocolVersion})`);
  return session.handle(req, batch);
}

const NO_BATCHES = `Invalid Request: JSON-RPC batches are taken only in a session of protocol version ${[...BATCH_VERSIONS].join(", ")} (removed in 2025-06-18); send one message per request`;

/** GET (the session's event stream) and DELETE (end the session). */
export async function legacySessionRequest(req: Request, deps: LegacyDeps): Promise<Response> {
  const sessionId = req.headers.get("mcp-session-id");
  if (sessionId === null) return rpcError(400, RPC.serverError, "Bad Request: Mcp-Session-Id header is required");
  const session = await deps.sessions.use(sessionId);
  return session ? session.handle(req) : unknownSession();
}

const unknownSession = () =>
  rpcError(
    404,
    RPC.sessionNotFound,
    "Session not found: it expired or was closed; send initialize again without Mcp-Session-Id",
  );
