// JSON-RPC errors of the MCP endpoint: the one code table, the failures our handlers raise (the SDK's ProtocolError,
// answered with its code and message as given), the guard that hides anything else, and the HTTP-level error response.
import { ProtocolError } from "@modelcontextprotocol/server";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "../log.ts";

/** JSON-RPC 2.0 codes, and the ones MCP and its transport add. */
export const RPC = Object.freeze({
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  /** Server-defined: a refusal at the HTTP level (headers, session, capacity). */
  serverError: -32000,
  /** The SDK's code for an unknown or expired session. */
  sessionNotFound: -32001,
  /** MCP: a resource URI that names nothing. */
  resourceNotFound: -32002,
});

export type RpcId = string | number | null;

export const invalidParams = (message: string) => new ProtocolError(RPC.invalidParams, message);
export const invalidRequest = (message: string) => new ProtocolError(RPC.invalidRequest, message);

const INTERNAL_MESSAGE = "Internal error: something went wrong on our side; try again later.";

/** Runs a handler: expected failures pass through; anything else is logged once and answered as a bare internal error. */
export async function guarded<R>(logger: Logger, method: string, run: () => R | Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProtocolError) throw err;
    logger.error("MCP handler failed", { method, err: err as Error });
    throw new ProtocolError(RPC.internalError, INTERNAL_MESSAGE);
  }
}

/** A JSON-RPC error answered at the HTTP level: a JSON body, never HTML, never cached. */
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

/** A JSON-RPC result answered at the HTTP level, as JSON (the client accepts it as well as an event stream). */
export function rpcResult(id: RpcId, result: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), {
    status: 200,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

/** The bare 500 of the MCP endpoint's HTTP layer. */
export const internalRpcError = (): Response => rpcError(500, RPC.internalError, INTERNAL_MESSAGE);
