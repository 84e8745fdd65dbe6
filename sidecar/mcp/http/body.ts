// Reads one JSON-RPC message from a POST body: size-capped, parsed, and refused as JSON-RPC errors when it is not one message.
import { readCappedBody } from "../../http/body.ts";
import { RPC, rpcError, type RpcId } from "../rpc.ts";

/** MCP requests are small; a megabyte leaves room for large tool arguments. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonRpcMessage = Record<string, unknown> & { jsonrpc: "2.0" };

export type BodyOutcome = { ok: true; message: JsonRpcMessage } | { ok: false; response: Response };

export async function readMessage(req: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyOutcome> {
  const bytes = await readCappedBody(req, maxBytes);
  if (bytes === null) {
    return refuse(
      rpcError(413, RPC.invalidRequest, `Payload too large: a request body must not exceed ${maxBytes} bytes`),
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
  } catch {
    return refuse(rpcError(400, RPC.parseError, "Parse error: the body is not JSON"));
  }
  if (Array.isArray(value)) {
    return refuse(
      rpcError(
        400,
        RPC.invalidRequest,
        "Invalid Request: JSON-RPC batches are not supported (removed in protocol version 2025-06-18); send one message per request",
      ),
    );
  }
  if (!isMessage(value)) {
    return refuse(
      rpcError(
        400,
        RPC.invalidRequest,
        'Invalid Request: expected one JSON-RPC 2.0 message: an object with "jsonrpc": "2.0" and a "method", or a response with an "id"',
        { id: idOf(value) },
      ),
    );
  }
  return { ok: true, message: value };
}

const refuse = (response: Response): BodyOutcome => ({ ok: false, response });

function isMessage(v: unknown): v is JsonRpcMessage {
  if (!v || typeof v !== "object") return false;
  const m = v as Record<string, unknown>;
  if (m["jsonrpc"] !== "2.0") return false;
  if (typeof m["method"] === "string") return m["id"] === undefined || isId(m["id"]);
  return isId(m["id"]) && ("result" in m || "error" in m);
}

const isId = (id: unknown): id is string | number =>
  typeof id === "string" || (typeof id === "number" && Number.isInteger(id));

function idOf(v: unknown): RpcId {
  const id = v && typeof v === "object" ? (v as Record<string, unknown>)["id"] : undefined;
  return isId(id) ? id : null;
}
