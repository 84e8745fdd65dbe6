// One client behind the shipped nginx configuration, sending every header that can name a client with a new address
// on each request, is still one client: the MCP per-client session cap and the hub's rate limit both stop it, while
// another client still gets in. Skipped without nginx.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { chmod } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { sampleRelease, TEST_SITE } from "../helpers/build.ts";
import { type ReleaseCopies, releaseCopies } from "../helpers/release-copy.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";
import { NGINX, type RunningNginx, startNginx } from "../../scripts/lib/nginx-process.ts";
import { send } from "../integration/deploy/send.ts";

const SITE_HOST = new URL(TEST_SITE).host;
const CAP = 5;

/** Every header a client could hope names it, each naming the `n`th forged address. */
function posing(n: number): Record<string, string> {
  const ip = `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  return {
    forwarded: `for=${ip};proto=https`,
    "x-forwarded-for": ip,
    "x-real-ip": ip,
    "x-client-ip": ip,
    "client-ip": ip,
    "true-client-ip": ip,
    "cf-connecting-ip": ip,
    "fastly-client-ip": ip,
    "x-cluster-client-ip": ip,
    "x-original-forwarded-for": ip,
  };
}

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "posing", version: "1" } },
});
const MCP_HEADERS = {
  host: SITE_HOST,
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};
const PING = new URLSearchParams({ "hub.mode": "publish", "hub.url": `${TEST_SITE}/feed.xml` }).toString();

if (!existsSync(NGINX)) {
  it("one client poses as many behind nginx", (t) => {
    t.skip(`nginx is not installed: ${NGINX} is missing (apt-get install -y nginx; .ci/run installs it)`);
  });
} else {
  describe("one client behind nginx, naming itself anew in every forwarding header", () => {
    let copies: ReleaseCopies;
    let sidecar: TestSidecar;
    let nginx: RunningNginx;

    before(async () => {
      copies = await releaseCopies(await sampleRelease());
      await chmod(path.dirname(copies.distDir), 0o755);
      sidecar = await startTestSidecar(copies.distDir, {
        TRUST_PROXY: "127.0.0.1/32",
        MCP_MAX_SESSIONS_PER_CLIENT: String(CAP),
        WEBSUB_RATE_LIMIT: String(CAP),
      });
      nginx = await startNginx({
        distDir: copies.distDir,
        siteUrl: TEST_SITE,
        sidecarPorts: [Number(new URL(sidecar.url).port)],
      });
    });
    after(async () => {
      await nginx?.stop();
      await sidecar?.stop();
      await copies?.cleanup();
    });

    it("holds only its own share of MCP sessions; another client still opens one", async () => {
      const statuses: number[] = [];
      for (let n = 0; n < CAP * 4 && !statuses.includes(429); n++) {
        const headers = { ...MCP_HEADERS, ...posing(n) };
        const answer = await send(`${nginx.url}/mcp`, {
          method: "POST",
          headers,
          body: INITIALIZE,
          localAddress: "127.0.0.2",
        });
        statuses.push(answer.status);
      }
      assert.deepEqual(statuses, [...Array<number>(CAP).fill(200), 429]);
      const other = await send(`${nginx.url}/mcp`, {
        method: "POST",
        headers: MCP_HEADERS,
        body: INITIALIZE,
        localAddress: "127.0.0.3",
      });
      assert.equal(other.status, 200, other.body.toString());
    });

    it("is held to the hub's rate limit; another client is not", async () => {
      const statuses: number[] = [];
      for (let n = 0; n < CAP * 4 && !statuses.includes(429); n++) {
        const headers = { "content-type": "application/x-www-form-urlencoded", ...posing(1000 + n) };
        const answer = await send(`${nginx.url}/api/websub/hub`, {
          method: "POST",
          headers,
          body: PING,
          localAddress: "127.0.0.4",
        });
        statuses.push(answer.status);
      }
      assert.deepEqual(statuses, [...Array<number>(CAP).fill(202), 429]);
      const other = await send(`${nginx.url}/api/websub/hub`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: PING,
        localAddress: "127.0.0.5",
      });
      assert.equal(other.status, 202, other.body.toString());
    });
  });
}
