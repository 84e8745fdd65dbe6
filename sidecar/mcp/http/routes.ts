// The /mcp endpoint: guards (Host, Origin), HTTP-level checks the SDK transport leaves to us (batches, JSON-RPC shape, capacity), session routing.
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { Hono } from "hono";
import { clientAddress } from "../../http/client-address.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Logger } from "../../log.ts";
import { negotiate } from "../protocol.ts";
import { refusal, screenRequest, type ToolNames } from "../request-check.ts";
import type { Sessions } from "../sessions.ts";
import { readMessage } from "./body.ts";
import { checkHost, checkOrigin, type GuardPolicy } from "./guard.ts";
import { internalRpcError, RPC, rpcError } from "../rpc.ts";

const ALLOW = "GET, POST, DELETE, OPTIONS";
const REQUEST_HEADERS = "Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Authorization";
const EXPOSED_HEADERS = "Mcp-Session-Id, MCP-Protocol-Version";

export type McpRouteDeps = Readonly<{
  sessions: Sessions;
  /** The tools, to tell an unknown tool from a known one's bad arguments before the SDK parses the request. */
  tools: ToolNames;
  policy: GuardPolicy;
  logger: Logger;
}>;

export function mcpRoutes(deps: McpRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The endpoint's one error edge: a JSON-RPC internal error, what went wrong logged once.
  app.onError((err, c) => {
    deps.logger.error("MCP request failed", { method: c.req.method, err });
    return internalRpcError();
  });
  app.all("/", async (c) => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const host = req.headers.get("host") ?? url.host;
    const origin = req.headers.get("origin");
    const refused = checkHost(deps.policy, host) ?? checkOrigin(deps.policy, origin, `${url.protocol}//${host}`);
    if (refused) return rpcError(refused.status, RPC.serverError, refused.message);
    const res = await handle(req, clientAddress(c.env), deps);
    return origin === null ? res : withCors(res, origin);
  });
  return app;
}

async function handle(req: Request, client: string, deps: McpRouteDeps): Promise<Response> {
  const { sessions } = deps;
  switch (req.method) {
    case "OPTIONS":
      return new Response(null, {
        status: 204,
        headers: {
          allow: ALLOW,
          "access-control-allow-methods": ALLOW,
          "access-control-allow-headers": REQUEST_HEADERS,
          "access-control-max-age": "86400",
        },
      });
    case "POST": {
      const accept = req.headers.get("accept") ?? "";
      if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
        return rpcError(
          406,
          RPC.serverError,
          "Not Acceptable: Accept must list both application/json and text/event-stream",
        );
      }
      if (!/^application\/json\s*(;|$)/i.test(req.headers.get("content-type")?.trim() ?? "")) {
        return rpcError(415, RPC.serverError, "Unsupported Media Type: Content-Type must be application/json");
      }
      const body = await readMessage(req);
      if (!body.ok) return body.response;
      const screened = screenRequest(body.message, deps.tools);
      if (!screened.ok) return refusal(screened, body.message);
      const sessionId = req.headers.get("mcp-session-id");
      if (sessionId !== null) {
        const session = await sessions.use(sessionId);
        if (!session) return unknownSession();
        return sessions.handle(session, req, body.message);
      }
      if (body.message["method"] !== "initialize") {
        return rpcError(
          400,
          RPC.serverError,
          "Bad Request: Mcp-Session-Id header is required; send initialize first to open a session",
          { id: idOf(body.message) },
        );
      }
      if (!isInitializeRequest(body.message)) {
        return rpcError(
          400,
          RPC.invalidParams,
          "Invalid params: initialize needs protocolVersion (string), capabilities (object) and clientInfo {name, version}",
          { id: idOf(body.message) },
        );
      }
      const opened = await sessions.open(req, negotiate(body.message), client);
      if (opened.status === "opened") return opened.response;
      if (opened.status === "invalid") {
        return rpcError(400, RPC.invalidParams, `Invalid params: ${opened.message}`, { id: idOf(body.message) });
      }
      const [status, message] = REFUSALS[opened.limit];
      return rpcError(status, RPC.serverError, message, {
        id: idOf(body.message),
        headers: { "retry-after": String(opened.retryAfterSeconds) },
      });
    }
    case "GET":
    case "DELETE": {
      const sessionId = req.headers.get("mcp-session-id");
      if (sessionId === null) return rpcError(400, RPC.serverError, "Bad Request: Mcp-Session-Id header is required");
      const session = await sessions.use(sessionId);
      return session ? sessions.handle(session, req) : unknownSession();
    }
    default:
      return rpcError(
        405,
        RPC.serverError,
        `Method Not Allowed: use POST (or GET for the event stream, DELETE to end a session)`,
        { headers: { allow: ALLOW } },
      );
  }
}

/** Per-client limits are the client's to wait out (429); the total cap is the server's state (503). */
const REFUSALS = {
  "client-rate": [429, "Too Many Requests: this client opens MCP sessions too fast; try again later"],
  "client-sessions": [429, "Too Many Requests: this client holds too many open MCP sessions; DELETE unused ones"],
  sessions: [503, "Service Unavailable: too many open MCP sessions; try again later"],
} as const;

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

/** An allowed cross-origin caller (browser-based clients) may read the answer and the session header. */
function withCors(res: Response, origin: string): Response {
  try {
    res.headers.set("access-control-allow-origin", origin);
    res.headers.set("access-control-expose-headers", EXPOSED_HEADERS);
    res.headers.append("vary", "Origin");
    return res;
  } catch {
    // Immutable headers (not expected from our own responses): copy them.
    const headers = new Headers(res.headers);
    headers.set("access-control-allow-origin", origin);
    headers.set("access-control-expose-headers", EXPOSED_HEADERS);
    headers.append("vary", "Origin");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}
