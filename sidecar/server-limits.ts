// The limits a listener puts on its connections (the HTTP_* settings of config.ts): how long a client may take to send a
// request, to keep a connection idle, or to read an answer, and how many connections may be open at once.
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { ServerLimits } from "../src/config.ts";

/**
 * How often Node checks the header and request timeouts: its default (30 s) would let a connection that sends no
 * headers stay up to twice HTTP_HEADERS_TIMEOUT.
 */
const CHECK_INTERVAL_MS = 1000;

/** The options `createServer` takes for `limits`. */
export function serverOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  };
}

/**
 * Caps the open connections (Node closes the ones beyond at once) and closes a connection whose answer has made no
 * progress for the send timeout: a client that stops reading holds one chunk of its answer, and only that long.
 * A connection that is idle instead (an MCP event stream between events, a request the app is still answering) has
 * nothing waiting to be sent and is left alone; idle keep-alive connections and slow requests have their own timeouts.
 */
export function limitServer(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
  const sendMs = limits.sendTimeoutSeconds * 1000;
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    const check = () => {
      if (!res.socket) return;
      if (res.socket.writableLength > 0) res.socket.destroy();
      // Nothing waiting now: look again after another while, as a stall may yet come.
      else res.setTimeout(sendMs);
    };
    res.setTimeout(sendMs, check);
  });
}
