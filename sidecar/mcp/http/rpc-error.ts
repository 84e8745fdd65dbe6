// JSON-RPC error responses of the MCP endpoint's HTTP layer: a JSON body with the JSON-RPC error, never HTML, never cached.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type RpcId = string | number | null;

export function rpcError(
  status: ContentfulStatusCode,
  code: number,
  message: string,
  options: { id?: RpcId; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: options.id ?? null, error: { code, message } }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...options.headers },
  });
}

/** JSON-RPC 2.0 codes, and the two the MCP transport uses for HTTP-level refusals. */
export const RPC = Object.freeze({
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  /** Server-defined: a refusal at the HTTP level (headers, session, capacity). */
  serverError: -32000,
  /** The SDK's code for an unknown or expired session. */
  sessionNotFound: -32001,
});
