// The server's parts, in one module that createSidecar loads while the release's files are read and checked: the
// reading and the compiling of these modules overlap.
export { createApp } from "./app.ts";
export { createAdminApp } from "./ops/admin.ts";
export { watchEventLoopDelay } from "./ops/event-loop-delay.ts";
export { createMcpService } from "./mcp/service.ts";
export { createReleaseStore } from "./release/release-store.ts";
export { watchRelease } from "./release/watch.ts";
export { listen } from "./server.ts";
export { createHub } from "./websub/hub.ts";
export { hubStoreOn } from "./websub/store/open.ts";
export { sessionStoreOn } from "./mcp/session-store/open.ts";
export { openHubDatabase } from "./db/hub-database.ts";
