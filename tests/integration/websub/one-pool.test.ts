// A replica on PostgreSQL opens HUB_DB once: after the hub and the MCP sessions have both worked at once, the database
// sees the connections of one pool of HUB_DB_POOL_SIZE (and the hub's LISTEN connection), not one pool per store.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import pg from "pg";
import { SITE_URL, TOPICS } from "../../../scripts/lib/test-site.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";
import { openSession, post, resultOf } from "../mcp/helpers.ts";
import { ask, verdict } from "./helpers/hub-client.ts";
import { type PostgresSite, startPostgresSite } from "./helpers/postgres-site.ts";

const POOL_SIZE = 4;

let fixture: PostgresSite;
let replica: TestSidecar;
before(async () => {
  fixture = await startPostgresSite();
  replica = await startTestSidecar(fixture.site.distDir, {
    SITE_URL,
    HUB_DB: fixture.hubDb,
    HUB_DB_POOL_SIZE: String(POOL_SIZE),
    WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
    WEBSUB_RATE_LIMIT: "100000",
    WEBSUB_VERIFY_TIMEOUT: "2",
    WEBSUB_DELIVERY_TIMEOUT: "2",
    WEBSUB_CLAIM_TTL: "5",
  });
});
after(async () => {
  await replica?.stop();
  await fixture?.close();
});

/** The connections the sidecar holds to the hub database, as PostgreSQL counts them. */
async function sidecarConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: fixture.hubDb, application_name: "one-pool-test" });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      ["reviews-service-sidecar"],
    );
    return Number(rows[0]!.n);
  } finally {
    await admin.end();
  }
}

it("holds one pool shared by the hub and the MCP sessions", async (t) => {
  const mcp = `${replica.url}/mcp`;
  const callbacks = Array.from({ length: 6 }, (_, i) => fixture.sub.url(`/one-pool/${i}`));
  // Both stores at work at once: subscriptions verified while sessions open and call a tool.
  const [confirmed, calls] = await Promise.all([
    Promise.all(
      callbacks.map(async (callback) => {
        await ask(replica, { "hub.mode": "subscribe", "hub.topic": TOPICS.reviews, "hub.callback": callback });
        return (await verdict(replica, callback, "subscribe"))["confirmed"];
      }),
    ),
    Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const session = await openSession(mcp);
        const headers = { "mcp-session-id": session.id, "mcp-protocol-version": session.negotiated };
        const call = { jsonrpc: "2.0", id: i + 2, method: "tools/call", params: { name: "get_business" } };
        return resultOf(await post(mcp, call, headers))?.["structuredContent"] !== undefined;
      }),
    ),
  ]);
  assert.deepEqual(
    confirmed,
    callbacks.map(() => true),
  );
  assert.deepEqual(
    calls,
    calls.map(() => true),
  );

  // Idle connections stay in the pool for 30 s: what was opened during the work is still there to count.
  const connections = await sidecarConnections();
  t.diagnostic(`${connections} connections with HUB_DB_POOL_SIZE=${POOL_SIZE}`);
  assert.ok(connections >= 2, `${connections}: the pool and the LISTEN connection`);
  assert.ok(connections <= POOL_SIZE + 1, `${connections} connections: more than one pool of ${POOL_SIZE} and LISTEN`);
});
