// Callbacks that never answer a delivery, subscribed under many names of one host (subdomains in any case, all
// resolving to one address), hold their host's share of the delivery places and no more: the other
// hosts' subscribers get the update within one delivery timeout. Before, they shared every place with the slow ones
// and waited for round after round of timeouts.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import path from "node:path";
import { after, before, it } from "node:test";
import { createTestCa, type TestCa, trustTestCa } from "../../scripts/lib/test-ca.ts";
import { createTestSite, SITE_URL, TOPICS, type TestSite } from "../../scripts/lib/test-site.ts";
import type { Resolver } from "../../sidecar/websub/net/lookup.ts";
import { sampleRelease } from "../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";
import { ask, until, verdict } from "../integration/websub/helpers/hub-client.ts";
import { startSubscriber, type Subscriber } from "../integration/websub/helpers/subscriber.ts";

const DELIVERY_TIMEOUT_MS = 2000;
const SLOW = 16;
const FAST = 6;

let ca: TestCa;
let site: TestSite;
let slowHost: Subscriber;
let fastHost: Subscriber;
let hub: TestSidecar;

/** `slow-N.websub.test` are names of one host at 127.0.0.1, `z-fast-N.websub.test` of another at 127.0.0.2 (after them in callback order, as queued). */
const resolver: Resolver = async (name) => {
  const address = /^slow-/i.test(name) ? "127.0.0.1" : "127.0.0.2";
  return [{ address, family: 4 }];
};

before(async () => {
  [ca, site] = await Promise.all([createTestCa(), sampleRelease().then((from) => createTestSite({ from }))]);
  trustTestCa(ca);
  slowHost = await startSubscriber(ca, "127.0.0.1");
  fastHost = await startSubscriber(ca, "127.0.0.2");
  hub = await startTestSidecar(
    site.distDir,
    {
      SITE_URL,
      HUB_DB: path.join(site.root, "var", "hub.sqlite"),
      WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
      WEBSUB_RATE_LIMIT: "100000",
      WEBSUB_CONCURRENCY: "8",
      WEBSUB_RETRY_DELAYS: "60,60",
      WEBSUB_VERIFY_TIMEOUT: "2",
      WEBSUB_DELIVERY_TIMEOUT: String(DELIVERY_TIMEOUT_MS / 1000),
      WEBSUB_CLAIM_TTL: "10",
    },
    { resolver },
  );
});
after(async () => {
  await hub?.stop();
  await slowHost?.close();
  await fastHost?.close();
  if (site) await rm(site.root, { recursive: true, force: true });
  if (ca) await rm(ca.dir, { recursive: true, force: true });
});

async function subscribe(callback: string): Promise<void> {
  await ask(hub, { "hub.mode": "subscribe", "hub.topic": TOPICS.reviews, "hub.callback": callback });
  // The hub keeps the URL as parsed: the host in lower case.
  assert.equal((await verdict(hub, new URL(callback).href, "subscribe"))["confirmed"], true, callback);
}

it("sends other hosts' updates within one delivery timeout while one host's callbacks hang", async (t) => {
  // The slow ones first: they are queued, and claimed, before the others.
  const names = (i: number) => (i % 2 === 0 ? `slow-${i}.websub.test` : `SLOW-${i}.WebSub.Test`);
  for (let i = 0; i < SLOW; i++) {
    slowHost.set(`/slow-${i}`, { deliver: "hang" });
    await subscribe(slowHost.url(`/slow-${i}`, names(i)));
  }
  for (let i = 0; i < FAST; i++) await subscribe(fastHost.url(`/fast-${i}`, `z-fast-${i}.websub.test`));

  await site.addReview("A review every subscriber is sent");
  await site.build();
  const fastPosts = () => fastHost.received({ method: "POST" });
  await until(
    () => fastPosts().length >= FAST || slowHost.received({ method: "POST" }).length >= SLOW,
    30_000,
    "posts",
  );
  const first = Math.min(...[...slowHost.received({ method: "POST" }), ...fastPosts()].map((r) => r.at));
  await until(() => fastPosts().length >= FAST, 30_000, "every fast subscriber's delivery");
  const last = Math.max(...fastPosts().map((r) => r.at));
  t.diagnostic(
    `the last of ${FAST} fast deliveries ${last - first} ms after the first delivery; ${slowHost.received({ method: "POST" }).length} slow ones begun by then`,
  );
  assert.ok(last - first < DELIVERY_TIMEOUT_MS, `the fast subscribers waited ${last - first} ms`);
});
