// The hub outlives its process: subscriptions and pending deliveries across a graceful restart, and a delivery in
// flight at kill -9 made once its claim expires. The sidecar runs as a process of its own here, to be killed.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import path from "node:path";
import { after, before, it } from "node:test";
import { type SidecarProcess, startSidecar } from "../../../scripts/lib/sidecar-process.ts";
import { createTestCa, type TestCa } from "../../../scripts/lib/test-ca.ts";
import { sampleRelease } from "../../helpers/build.ts";
import { createTestSite, SITE_URL, TOPICS, type TestSite } from "../../../scripts/lib/test-site.ts";
import { ask, logsFor, sleep, until, verdict } from "./helpers/hub-client.ts";
import { startSubscriber, type Subscriber } from "./helpers/subscriber.ts";

let ca: TestCa;
let site: TestSite;
let sub: Subscriber;
let hub: SidecarProcess;
let env: Record<string, string>;

const cb = (p: string) => sub.url(p);
const posts = (p: string) => sub.received({ path: p, method: "POST" });

before(async () => {
  [ca, site] = await Promise.all([createTestCa(), sampleRelease().then((from) => createTestSite({ from }))]);
  sub = await startSubscriber(ca);
  env = {
    DIST_DIR: site.distDir,
    SITE_URL,
    HUB_DB: path.join(site.root, "var", "hub.sqlite"),
    NODE_EXTRA_CA_CERTS: ca.caFile,
    WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
    WEBSUB_RETRY_DELAYS: "1,1",
    WEBSUB_VERIFY_TIMEOUT: "2",
    WEBSUB_DELIVERY_TIMEOUT: "2",
    WEBSUB_CLAIM_TTL: "3",
  };
  hub = await startSidecar(env);
});

after(async () => {
  await hub?.stop("SIGKILL");
  await sub?.close();
  if (site) await rm(site.root, { recursive: true, force: true });
  if (ca) await rm(ca.dir, { recursive: true, force: true });
});

async function subscribed(p: string, topic: string) {
  await ask(hub, { "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": cb(p) });
  assert.equal((await verdict(hub, cb(p), "subscribe"))["confirmed"], true);
}

const subscriptions = async () =>
  ((await (await hub.admin("/api/status")).json()) as { websub: { subscriptions: unknown } }).websub.subscriptions;

it("keeps subscriptions and pending deliveries across a restart", async () => {
  sub.set("/pending", { deliver: 503 });
  await subscribed("/pending", TOPICS.jsonFeed);
  await subscribed("/steady", TOPICS.jsonFeed);
  const before = await subscriptions();
  await site.addReview("First round");
  await site.build();
  await until(
    () => posts("/pending").length === 1 && posts("/steady").length === 1,
    7000,
    "the first (failing) attempt",
  );
  await hub.stop("SIGTERM");
  sub.set("/pending", { deliver: 204 });
  hub = await startSidecar(env);
  assert.deepEqual(await subscriptions(), before);
  await until(() => posts("/pending").length === 2, 6000, "the retry after the restart");
  await sleep(1200);
  assert.equal(posts("/pending").length, 2);
  assert.equal(posts("/steady").length, 1, "nothing delivered twice");
});

it("delivers after kill -9 in the middle of a delivery, once its claim expires", async () => {
  sub.set("/inflight", { deliver: "hang" });
  await subscribed("/inflight", TOPICS.atom);
  await subscribed("/atom", TOPICS.atom);
  await site.addReview("Second round");
  await site.build();
  await until(() => posts("/inflight").length === 1 && posts("/atom").length === 1, 7000, "the delivery in flight");
  // Recorded as done (the log follows the commit); a delivery acknowledged but not yet recorded may legitimately repeat.
  await until(() => logsFor(hub, cb("/atom"), "websub delivered").length === 1, 3000, "the atom delivery recorded");
  await hub.stop("SIGKILL");
  sub.set("/inflight", { deliver: 204 });
  const restarted = Date.now();
  hub = await startSidecar(env);
  await until(() => posts("/inflight").length === 2, 8000, "the delivery after the claim expired");
  assert.ok(Date.now() - restarted < 6000);
  await sleep(1200);
  assert.equal(posts("/inflight").length, 2);
  assert.equal(posts("/atom").length, 1, "deliveries completed before the kill are not repeated");
  assert.ok(posts("/inflight")[1]!.body.equals(posts("/atom")[0]!.body));
});
