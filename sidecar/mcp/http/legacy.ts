// The 2025 leg of /mcp: initialize opens a session (Mcp-Session-Id), later requests, the GET stream and DELETE go to it.
// It reaches the session store only through `LegacySessions`, so a store shared across replicas can take its place.
import { isInitializeRequest } from "@modelcontextprotocol/server";
import { negotiate } from "../protocol.ts";
import { RPC, rpcError } from "../rpc.ts";
import type { JsonRpcMessage } from "./body.ts";

/** What the 2025 leg needs of a session store. */
export type LegacySessions = Readonly<{
  /** False when opening one more session would pass the cap. */
  hasRoom: () => boolean;
  /** Opens a session for an initialize request and answers it (the answer carries Mcp-Session-Id). */
  initialize: (req: Request, message: unknown) => Promise<Response>;
  /** The live session with this id, marked as used now; undefined when it is unknown, expired or closed. */
  use: (id: string) => { transport: SessionTransport } | undefined;
}>;

export type SessionTransport = Readonly<{
  handleRequest: (req: Request, options?: { parsedBody?: unknown }) => Promise<Response>;
}>;

export type LegacyDeps = Readonly<{ sessions: LegacySessions; retryAfterSeconds: number }>;

/** A POST that carries Mcp-Session-Id, or a 2025 request without one (initialize, or a mistake). */
export async function legacyPost(req: Request, message: JsonRpcMessage, deps: LegacyDeps): Promise<Response> {
  const { sessions } = deps;
  const sessionId = req.headers.get("mcp-session-id");
  if (sessionId !== null) {
    const session = sessions.use(sessionId);
    return session ? session.transport.handleRequest(req, { parsedBody: message }) : unknownSession();
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
  if (!sessions.hasRoom()) {
    return rpcError(503, RPC.serverError, "Service Unavailable: too many open MCP sessions; try again later", {
      id,
      headers: { "retry-after": String(deps.retryAfterSeconds) },
    });
  }
  return sessions.initialize(req, negotiate(message));
}

/** GET (the session's event stream) and DELETE (end the session). */
export async function legacySessionRequest(req: Request, deps: LegacyDeps): Promise<Response> {
  const sessionId = req.headers.get("mcp-session-id");
  if (sessionId === null) return rpcError(400, RPC.serverError, "Bad Request: Mcp-Session-Id header is required");
  const session = deps.sessions.use(sessionId);
  return session ? session.transport.handleRequest(req) : unknownSession();
}

const unknownSession = () =>
  rpcError(
    404,
    RPC.sessionNotFound,
    "Session not found: it expired or was closed; send initialize again without Mcp-Session-Id",
  );

const idOf = (m: Record<string, unknown>) => {
  const id = m["id"];
  return typeof id === "string" || typeof id === "number" ? id : null;
};
