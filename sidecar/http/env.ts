// The Hono environment every route of the sidecar sees.
import type { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";

/** Under @hono/node-server the bindings carry the raw Node request; under `app.request()` in tests there are none. */
export type AppEnv = {
  Bindings: { incoming?: IncomingMessage | Http2ServerRequest };
};
