// JSON-RPC errors raised by our handlers (the SDK answers them with their code and message as given), and the guard that hides anything else.
import type { Logger } from "../log.ts";

/** The SDK sends `code`, `message` and `data` of a thrown error as they are; McpError would prefix the message with its code. */
export class RpcFailure extends Error {
  override name = "RpcFailure";
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

export const RESOURCE_NOT_FOUND = -32002;

export const invalidParams = (message: string, data?: unknown) => new RpcFailure(-32602, message, data);
export const invalidRequest = (message: string) => new RpcFailure(-32600, message);

/** Runs a handler: expected failures pass through; anything else is logged once and answered as a bare internal error. */
export async function guarded<R>(logger: Logger, method: string, run: () => R | Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RpcFailure) throw err;
    logger.error("MCP handler failed", { method, err: err as Error });
    throw new RpcFailure(-32603, "Internal error: something went wrong on our side; try again later.");
  }
}
