// The one context object the app is built from, and the Hono environment its handlers see.
import type { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";
import type { Config } from "../src/config.ts";
import type { Release } from "./release/release.ts";
import type { Logger } from "./log.ts";
import type { McpService } from "./mcp/service.ts";
import type { SearchIndexStore } from "./release/index-store.ts";
import type { Hub } from "./websub/hub.ts";

export type AppContext = Readonly<{
  config: Config;
  /** The release to serve from; read once per request so a reload never changes a response half-way. */
  site: () => Release;
  logger: Logger;
  /** The search index of the release being served; absent in tests of the static side alone. */
  search?: SearchIndexStore;
  /** The WebSub hub; absent in tests that build the app without one (its routes are then not mounted). */
  hub?: Hub;
  /** The MCP endpoint; absent in tests that build the app without one (/mcp is then not mounted). */
  mcp?: McpService;
}>;

/** Under @hono/node-server the bindings carry the raw Node request; under `app.request()` in tests there are none. */
export type AppEnv = {
  Bindings: { incoming?: IncomingMessage | Http2ServerRequest };
};
