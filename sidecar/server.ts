// Listens: puts a built app on HOST:PORT with @hono/node-server, and closes it gracefully (stop accepting, finish in-flight).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, RequestError } from "@hono/node-server";
import type { ServerLimits } from "../src/config.ts";
import { errorResponse, internalErrorResponse } from "./http/errors.ts";
import type { Logger } from "./log.ts";
import { limitServer, serverOptions } from "./server-limits.ts";

export type RunningServer = Readonly<{
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then cuts whatever is left after `graceMs`. */
  close: (graceMs?: number) => Promise<void>;
}>;

export type ListenOptions = Readonly<{ host: string; port: number; logger: Logger; limits: ServerLimits }>;

/** Anything with a fetch handler node-server can call: the Hono app. */
export type Fetchable = Readonly<{ fetch: Parameters<typeof getRequestListener>[0] }>;

export async function listen(app: Fetchable, options: ListenOptions): Promise<RunningServer> {
  const handle = getRequestListener(app.fetch, {
    // Only failures before the app runs land here (node-server could not make a Request of what arrived).
    errorHandler: (err) => {
      if (err instanceof RequestError) return errorResponse(400, "bad_request", "The request could not be understood.");
      options.logger.error("unhandled error outside the app", { err: err as Error });
      return internalErrorResponse();
    },
  });
  const server = createServer(serverOptions(options.limits), (incoming: IncomingMessage, outgoing: ServerResponse) => {
    escapeBackslashes(incoming);
    void handle(incoming, outgoing);
  });
  limitServer(server, options.limits);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;

  let closing: Promise<void> | undefined;
  const close = (graceMs = 10_000) =>
    (closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    }));

  return Object.freeze({ url: `http://${host}:${port}`, close });
}

/**
 * A `\` in the path would be refused by node-server with a bare 400; escaping it lets the app see it and refuse the
 * path itself like any other odd path (a 404 in the API's error format).
 */
function escapeBackslashes(incoming: IncomingMessage): void {
  const url = incoming.url;
  if (url === undefined || !url.includes("\\")) return;
  const q = url.indexOf("?");
  incoming.url = q === -1 ? url.replaceAll("\\", "%5C") : url.slice(0, q).replaceAll("\\", "%5C") + url.slice(q);
}
