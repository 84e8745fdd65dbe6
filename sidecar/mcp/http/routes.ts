// The /mcp endpoint: guards (Host, Origin), HTTP-level checks the SDK transport leaves to us (batches, JSON-RPC shape),
// then each request to its generation: 2026-07-28 to the SDK's sessionless handler, 2025 to the session leg.
import { isLegacyRequest, type McpHttpHandler } from "@modelcontextprotocol/server";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import { type ClientAddress, clientKey } from "../../http/client-address.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Logger } from "../../log.ts";
import { rendersApps, requestCapabilities } from "../apps.ts";
import { LEGACY_ONLY, refusal, screenRequest, type ToolNames } from "../request-check.ts";
import { type JsonRpcMessage, readMessage } from "./body.ts";
import { checkHost, checkOrigin, type GuardPolicy } from "./guard.ts";
import { type LegacyDeps, legacyBatch, legacyPost, legacySessionRequest } from "./legacy.ts";
import { serverCardHandler } from "./server-card.ts";
import { internalRpcError, RPC, rpcError } from "../rpc.ts";

const ALLOW = "GET, POST, DELETE, OPTIONS";
const CARD_CORS_HEADERS = ["access-control-allow-origin", "access-control-expose-headers"];

/** An allowed cross-origin caller (browser-based clients) may read the answer and the session header. */
const mcpCors = cors({
  origin: (origin) => origin || null,
  allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
  allowHeaders: [
    "Content-Type",
    "Accept",
    "Mcp-Session-Id",
    "MCP-Protocol-Version",
    "Mcp-Method",
    "Mcp-Name",
    "Last-Event-ID",
    "Authorization",
  ],
  exposeHeaders: ["Mcp-Session-Id", "MCP-Protocol-Version"],
  maxAge: 86400,
});

export type McpRouteDeps = LegacyDeps &
  Readonly<{
    /** The SDK's sessionless 2026-07-28 handler (2025 requests never reach it). */
    modern: Pick<McpHttpHandler, "fetch">;
    /** The same for a request whose capabilities advertise the io.modelcontextprotocol/ui extension. */
    modernApps: Pick<McpHttpHandler, "fetch">;
    /** The tools, to tell an unknown tool from a known one's bad arguments before the SDK parses the request. */
    tools: ToolNames;
    /** The client a new session counts against (behind a trusted proxy, the one it forwarded for). */
    clientAddress: ClientAddress;
    policy: GuardPolicy;
    logger: Logger;
    siteUrl: string;
  }>;

export function mcpRoutes(deps: McpRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The endpoint's one error edge: a JSON-RPC internal error, what went wrong logged once.
  app.onError((err, c) => {
    deps.logger.error("MCP request failed", { method: c.req.method, err });
    return internalRpcError();
  });
  // Public metadata, read before connecting (and from any origin): not behind the endpoint's Host and Origin guards.
  // GET serves HEAD too, without the body: Hono answers it from the same handler, so the ETag is the body's.
  // A 304 keeps the card's CORS headers, so a page that revalidates it can still read the answer.
  const cardEtag = etag({ retainedHeaders: [...RETAINED_304_HEADERS, ...CARD_CORS_HEADERS] });
  app.get("/server-card", cardEtag, serverCardHandler(deps.siteUrl));
  app.use("/", async (c, next) => {
    const url = new URL(c.req.url);
    const host = c.req.header("host") ?? url.host;
    const origin = c.req.header("origin") ?? null;
    const refused = checkHost(deps.policy, host) ?? checkOrigin(deps.policy, origin, `${url.protocol}//${host}`);
    if (refused) return rpcError(refused.status, RPC.serverError, refused.message);
    if (c.req.method === "OPTIONS") c.header("allow", ALLOW);
    return next();
  });
  app.use("/", mcpCors);
  // The client's address is worked out only for an initialize, where the per-client limits need it.
  app.all("/", (c) => handle(c.req.raw, () => clientKey(deps.clientAddress(c)), deps));
  return app;
}

async function handle(req: Request, client: () => string, deps: McpRouteDeps): Promise<Response> {
  switch (req.method) {
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
      if ("batch" in body) return batchPost(req, body.batch, deps);
      // A session id, or no 2026-07-28 `_meta` envelope (initialize, say), selects the 2025 leg, as the 2026-07-28
      // compatibility rules say; the SDK's own classifier decides, so this branch and its handler never disagree.
      let legacy: Promise<boolean> | undefined;
      const isLegacy = () =>
        (legacy ??= req.headers.has("mcp-session-id") ? Promise.resolve(true) : isLegacyRequest(req, body.message));
      // Client mistakes are answered here, as client errors, before either SDK generation words them its own way; but a
      // 2026-07-28 request naming a removed method (-32601) or with routing headers off its body (-32020) is the SDK's.
      const paramsLeft = async () => !(await isLegacy()) && modernFirst(req, body.message);
      const screened = await screenRequest(body.message, deps.tools, paramsLeft);
      if (!screened.ok) return refusal(screened, body.message);
      if (await isLegacy()) {
        return legacyPost(req, body.message, client, deps);
      }
      const handler = rendersApps(requestCapabilities(body.message)) ? deps.modernApps : deps.modern;
      return handler.fetch(req, { parsedBody: body.message });
    }
    case "GET":
    case "DELETE":
      return legacySessionRequest(req, deps);
    default:
      return rpcError(
        405,
        RPC.serverError,
        `Method Not Allowed: use POST (or GET for the event stream, DELETE to end a session)`,
        { headers: { allow: ALLOW } },
      );
  }
}

/** A batch, each message screened as it would be alone; one refused refuses the batch, naming it. */
async function batchPost(req: Request, batch: JsonRpcMessage[], deps: McpRouteDeps): Promise<Response> {
  for (const [index, message] of batch.entries()) {
    const screened = await screenRequest(message, deps.tools);
    if (screened.ok) continue;
    const why =
      "tool" in screened
        ? `Invalid params: ${screened.tool}: ${screened.argument}: ${screened.rule}`
        : screened.message;
    return rpcError(400, RPC.invalidRequest, `Batch element ${index} refused: ${why}`);
  }
  return legacyBatch(req, batch, deps);
}

/** A 2026-07-28 request the SDK answers before its params matter: a removed method, or Mcp-Method / Mcp-Name off the body. */
function modernFirst(req: Request, message: Readonly<Record<string, unknown>>): boolean {
  const method = message["method"];
  if (typeof method !== "string" || LEGACY_ONLY.has(method)) return true;
  const header = req.headers.get("mcp-method");
  if (header !== null && header !== method) return true;
  const name = req.headers.get("mcp-name");
  const params = message["params"] as Record<string, unknown> | undefined;
  return name !== null && name !== (params?.["name"] ?? params?.["uri"]);
}
