// Reads a POST body: one JSON-RPC message or a batch of them (for 2025-03-26 sessions), size-capped, parsed, and refused
// as JSON-RPC errors when it is neither.
import { readCappedBody } from "../../http/body.ts";
import { RPC, rpcError, type RpcId } from "../rpc.ts";

/** MCP requests are small; a megabyte leaves room for large tool arguments. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonRpcMessage = Record<string, unknown> & { jsonrpc: "2.0" };

/** As many messages as the SDK's transport takes in one batch. */
const MAX_BATCH_MESSAGES = 100;

export type BodyOutcome =
  { ok: true; message: JsonRpcMessage } | { ok: true; batch: JsonRpcMessage[] } | { ok: false; response: Response };

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
  if (Array.isArray(value)) return readBatch(value);
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

/** A batch: 1 to MAX_BATCH_MESSAGES messages, each one as a single body would have to be. */
function readBatch(values: unknown[]): BodyOutcome {
  const invalid = (why: string) => refuse(rpcError(400, RPC.invalidRequest, `Invalid Request: ${why}`));
  if (values.length === 0) return invalid("an empty JSON-RPC batch");
  if (values.length > MAX_BATCH_MESSAGES)
    return invalid(`a JSON-RPC batch must not hold more than ${MAX_BATCH_MESSAGES} messages`);
  const bad = values.findIndex((v) => !isMessage(v));
  if (bad !== -1) return invalid(`batch element ${bad} is not a JSON-RPC 2.0 message`);
  return { ok: true, batch: values as JsonRpcMessage[] };
}

function isMessage(v: unknown): v is JsonRpcMessage {
  if (!v || typeof v !== "object") return false;
  const m = v as Record<string, unknown>;
  if (m["jsonrpc"] !== "2.0") return false;
  if (typeof m["method"] === "string") return m["id"] === undefined || isId(m["id"]);
  return isId(m["id"]) && ("result" in m || "error" in m);
}

const isId = (id: unknown): id is string | number =>
  typeof id === "string" || (typeof id === "number" && Number.isInteger(id));

/** The id of a message, when it has a valid one. */
export function idOf(v: unknown): RpcId {
  const id = v && typeof v === "object" ? (v as Record<string, unknown>)["id"] : undefined;
  return isId(id) ? id : null;
}
