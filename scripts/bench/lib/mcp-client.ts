// JSON-RPC over HTTP as the MCP benchmark speaks it: the requests it sends and a keep-alive client for the streamable
// HTTP transport (answers as JSON or as an event stream).
import { Agent, request } from "node:http";

const SEARCH_ARGS = { min_rating: 4, limit: 20 };
export const PROTOCOL = "2025-11-25";
export const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
export const initialize = (id: number | string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: "bench", version: "1.0.0" } },
  });
export const initialized = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
export const searchCall = (id: number | string, args: Record<string, unknown> = SEARCH_ARGS) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "search_reviews", arguments: args },
  });

/** The same call as a sessionless 2026-07-28 request: `_meta` in the body, the routing headers beside it. */
const MODERN_PROTOCOL = "2026-07-28";
export const MODERN_HEADERS = {
  "mcp-protocol-version": MODERN_PROTOCOL,
  "mcp-method": "tools/call",
  "mcp-name": "search_reviews",
};
export const modernSearchCall = (id: number | string, args: Record<string, unknown> = SEARCH_ARGS) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name: "search_reviews",
      arguments: args,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": MODERN_PROTOCOL,
        "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One POST; answers the JSON-RPC message of a JSON or event-stream body, and the session header. */
export function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; session: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent, headers: { ...HEADERS, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, session: res.headers["mcp-session-id"] as string | undefined, text }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const messageOf = (text: string) =>
  JSON.parse(
    text.startsWith("{")
      ? text
      : text
          .split("\n")
          .find((l) => l.startsWith("data: "))!
          .slice(6),
  ) as Record<string, unknown>;

export async function rpc(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<Record<string, unknown>> {
  const r = await post(url, body, headers);
  const msg = messageOf(r.text);
  if (r.status !== 200 || !("result" in msg)) throw new Error(`${url} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return msg;
}

/** initialize + notifications/initialized (+ one search call when `use`); returns the session id. */
export async function openSession(url: string, use = false): Promise<string> {
  const init = await post(url, initialize(1), {});
  if (init.status !== 200 || !init.session)
    throw new Error(`initialize answered ${init.status}: ${init.text.slice(0, 300)}`);
  const headers = { "mcp-session-id": init.session, "mcp-protocol-version": PROTOCOL };
  const ack = await post(url, initialized, headers);
  if (ack.status !== 202) throw new Error(`initialized answered ${ack.status}`);
  if (use) await rpc(url, searchCall(2), headers);
  return init.session;
}
