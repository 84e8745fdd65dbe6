// Idle server instances for 2026-07-28 requests: the SDK's handler asks for one per request, and building one (handlers,
// capabilities, schemas) costs more than a cached answer; an instance whose exchange closed serves the next request.
import type { Server } from "@modelcontextprotocol/server";

export type ServerPool = Readonly<{
  /** An idle instance, or a new one; it comes back when the SDK closes its exchange. */
  take: () => Server;
  idle: () => number;
}>;

/**
 * The SDK's `Server.connect` allows a closed instance to connect again, and the handler re-binds the revision, the
 * client's identity and the modern-only handlers on every request, so nothing of one request's client stays for the
 * next. An instance the handler drops without connecting it (a refused request) is not returned, only collected.
 */
export function createServerPool(create: () => Server, maxIdle: number): ServerPool {
  if (!Number.isInteger(maxIdle) || maxIdle < 0)
    throw new RangeError(`maxIdle: expected an integer >= 0, got ${maxIdle}`);
  const idle: Server[] = [];
  return Object.freeze({
    take: () => {
      const pooled = idle.pop();
      if (pooled) return pooled;
      const server = create();
      server.onclose = () => {
        if (idle.length < maxIdle) idle.push(server);
      };
      return server;
    },
    idle: () => idle.length,
  });
}
