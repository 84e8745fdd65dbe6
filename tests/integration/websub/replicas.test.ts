// Three sidecar replicas on one PostgreSQL hub database: subscriptions made through any of them hold for all, and after
// a rebuild that every replica notices, each subscriber gets exactly one POST per changed topic.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SITE_URL, TOPICS, type TestSite } from "../../../scripts/lib/test-site.ts";
import { openHubStore } from "../../../sidecar/websub/store/open.ts";
import type { HubStore } from "../../../sidecar/websub/store/store.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";
import { openSession, post, resultOf } from "../mcp/helpers.ts";
import { ask, sleep } from "./helpers/hub-client.ts";
import type { Subscriber } from "./helpers/subscriber.ts";
import { type PostgresSite, startPostgresSite } from "./helpers/postgres-site.ts";

let fixture: PostgresSite;
let site: TestSite;
let sub: Subscriber;
let store: HubStore;
const replicas: TestSidecar[] = [];

before(async () => {
  fixture = await startPostgresSite();
  ({ site, sub } = fixture);
  const url = fixture.hubDb;
  const env = {
    SITE_URL,
    HUB_DB: url,
    DIST_CHECK_INTERVAL: "1",
    WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
    WEBSUB_RATE_LIMIT: "100000",
    WEBSUB_VERIFY_TIMEOUT: "2",
    WEBSUB_DELIVERY_TIMEOUT: "2",
    WEBSUB_CLAIM_TTL: "5",
    WEBSUB_SWEEP_CRON: "*/2 * * * * *",
    MCP_SESSION_SECRET: "replicas-on-postgres-secret-of-32-chars-at-least",
  };
  // Started together: their schema migrations meet at the advisory lock.
  replicas.push(...(await Promise.all([1, 2, 3].map(() => startTestSidecar(site.distDir, env)))));
  store = await openHubStore(url);
});
after(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await store?.close();
  await fixture?.close();
});

const CALLBACKS = Array.from({ length: 9 }, (_, i) => `/replica-sub/${i}`);

describe("hub replicas on PostgreSQL", () => {
  it("verifies subscriptions asked through any replica, once each", async () => {
    for (const [i, p] of CALLBACKS.entries()) {
      await ask(replicas[i % 3]!, { "hub.mode": "subscribe", "hub.topic": TOPICS.reviews, "hub.callback": sub.url(p) });
    }
    await sub.waitFor(
      () => CALLBACKS.every((p) => sub.received({ path: p, method: "GET" }).length >= 1),
      10_000,
      "a verification GET to every callback",
    );
    const deadline = Date.now() + 10_000;
    while ((await store.hubStats(Date.now())).subscriptions.active < CALLBACKS.length && Date.now() < deadline)
      await sleep(50);
    assert.equal((await store.hubStats(Date.now())).subscriptions.active, CALLBACKS.length);
    await sleep(500);
    for (const p of CALLBACKS) assert.equal(sub.received({ path: p, method: "GET" }).length, 1, `${p}: one GET`);
  });

  it("after a rebuild every replica notices, pushes the changed topic exactly once to each subscriber", async () => {
    await site.addReview("Eine neue Bewertung, für alle Replikate gleich.");
    await site.build();
    await sub.waitFor(
      () => CALLBACKS.every((p) => sub.received({ path: p, method: "POST" }).length >= 1),
      20_000,
      "a POST to every subscriber",
    );
    // Every replica has had time to notice the release (DIST_CHECK_INTERVAL 1 s) and to claim what it could.
    await sleep(3000);
    for (const p of CALLBACKS) assert.equal(sub.received({ path: p, method: "POST" }).length, 1, `${p}: one POST`);
    const queuedBy = replicas.map(
      (r) => r.logs.filter((l) => l.msg === "websub topic changed" && l["topic"] === TOPICS.reviews).length,
    );
    assert.deepEqual(
      queuedBy.reduce((a, b) => a + b, 0),
      1,
      `one replica queued the change (per replica: ${queuedBy.join(", ")})`,
    );
    assert.equal((await store.hubStats(Date.now())).deliveriesPending, 0);
  });

  it("serves an MCP session opened on one replica from another, and ends it everywhere: sessions live in PostgreSQL", async () => {
    const [a, b, c] = replicas.map((r) => `${r.url}/mcp`);
    const session = await openSession(a!);
    const headers = { "mcp-session-id": session.id, "mcp-protocol-version": session.negotiated };
    const call = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_business", arguments: {} } };
    const onB = await post(b!, call, headers);
    assert.equal(onB.status, 200, onB.text);
    assert.ok(resultOf(onB)?.["structuredContent"], onB.text);
    const ended = await fetch(c!, { method: "DELETE", headers });
    assert.equal(ended.status, 200);
    assert.equal((await post(a!, call, headers)).status, 404);
  });
});
