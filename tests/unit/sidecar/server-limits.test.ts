// The limits a listener puts on its connections by default, as Node's server options: the abuse test of the limits
// (tests/abuse/server-limits.test.ts) runs them at short settings.
import assert from "node:assert/strict";
import { it } from "node:test";
import { serverOptions } from "../../../sidecar/server-limits.ts";
import { loadConfig } from "../../../src/config.ts";

it("gives a client 30 s for its headers and 60 s for its request, and keeps an idle connection 5 s, by default", () => {
  const { http } = loadConfig({});
  assert.deepEqual(serverOptions(http), {
    headersTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 5_000,
    // Checked every second, so that a limit is kept to within a second rather than Node's default of 30 s.
    connectionsCheckingInterval: 1_000,
  });
  assert.equal(http.sendTimeoutSeconds, 30);
  assert.equal(http.maxConnections, 4096);
});
