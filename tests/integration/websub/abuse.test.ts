// The hub against abuse, in two sidecars in-process: SSRF without an allowlist, subscription caps and the rate limit.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { ask, sleep, verdict } from "./helpers/hub-client.ts";
import { sampleRelease } from "../../helpers/build.ts";
import { createTestSite, SITE_URL, TOPICS, type TestSite } from "../../../scripts/lib/test-site.ts";
import { startSubscriber, type Subscriber } from "./helpers/subscriber.ts";
import { createTestCa, type TestCa, trustTestCa } from "../../../scripts/lib/test-ca.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";
import { runPublishScript } from "./helpers/publish-script.ts";

let ca: TestCa;
let site: TestSite;
let sub: Subscriber;
let closed: TestSidecar;
let capped: TestSidecar;

before(async () => {
  [ca, site] = await Promise.all([createTestCa(), sampleRelease().then((from) => createTestSite({ from }))]);
  sub = await startSubscriber(ca);
  trustTestCa(ca);
  const common = {
    SITE_URL,
    WEBSUB_VERIFY_TIMEOUT: "2",
    WEBSUB_DELIVERY_TIMEOUT: "2",
    WEBSUB_CLAIM_TTL: "3",
  };
  [closed, capped] = await Promise.all([
    // No WEBSUB_CALLBACK_ALLOW: the production default.
    startTestSidecar(site.distDir, {
      ...common,
      HUB_DB: path.join(site.root, "closed.sqlite"),
      WEBSUB_RATE_LIMIT: "100000",
    }),
    startTestSidecar(site.distDir, {
      ...common,
      HUB_DB: path.join(site.root, "capped.sqlite"),
      WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
      WEBSUB_MAX_PER_HOST: "2",
      WEBSUB_MAX_PER_TOPIC: "3",
      WEBSUB_RATE_LIMIT: "8",
    }),
  ]);
});

after(async () => {
  await Promise.all([closed?.stop(), capped?.stop()]);
  await sub?.close();
  if (site) await rm(site.root, { recursive: true, force: true });
  if (ca) await rm(ca.dir, { recursive: true, force: true });
});

describe("SSRF, with no allowlist", () => {
  it("refuses forbidden addresses named literally, in any notation, with a 400", async () => {
    const hosts = [
      "127.0.0.1",
      "2130706433",
      "0x7f000001",
      "0177.0.0.1",
      "127.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "0",
      "[::]",
      "169.254.169.254",
      "[fd00:ec2::254]",
      "100.64.0.1",
      "[fe80::1]",
      "192.168.1.1",
      "172.16.0.1",
      "10.0.0.1",
    ];
    for (const host of hosts) {
      const res = await closed.post({
        "hub.mode": "subscribe",
        "hub.topic": TOPICS.reviews,
        "hub.callback": `https://${host}:${sub.port}/cb`,
      });
      assert.equal(res.status, 400, host);
      assert.match(res.text, /^hub\.callback: names a .* address/, host);
    }
  });

  it("accepts a name that resolves to 127.0.0.1 but never contacts it", async () => {
    const callback = sub.url("/ssrf", "localhost");
    await ask(closed, { "hub.mode": "subscribe", "hub.topic": TOPICS.reviews, "hub.callback": callback });
    const line = await verdict(closed, callback, "subscribe");
    assert.equal(line["confirmed"], false);
    assert.equal((line["answer"] as { error: string }).error, "ERR_WEBSUB_FORBIDDEN_ADDRESS");
    assert.match(
      (line["answer"] as { message: string }).message,
      /localhost resolves to 127\.0\.0\.1, a loopback address/,
    );
    await sleep(200);
    assert.equal(sub.received({ path: "/ssrf" }).length, 0, "the subscriber was never contacted");
  });

  it("stays healthy", async () => {
    assert.equal((await closed.get("/healthz")).status, 200);
  });

  it("lets `npm run publish` fail loudly, without retrying, when the hub refuses the ping", async () => {
    const run = await runPublishScript([
      "--hub",
      `${closed.url}/api/websub/hub`,
      "--topic",
      "https://elsewhere.example/feed.xml",
    ]);
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /^FAILED https:\/\/elsewhere\.example\/feed\.xml -> 400: hub\.url: not a topic of this hub/m,
    );
  });
});

describe("caps and rate limit", () => {
  it("refuses subscriptions over the per-host and per-topic caps with a 403 naming the field", async () => {
    const form = (callback: string) => ({
      "hub.mode": "subscribe",
      "hub.topic": TOPICS.reviews,
      "hub.callback": callback,
    });
    assert.equal((await capped.post(form(sub.url("/c1", "localhost")))).status, 202);
    assert.equal((await capped.post(form(sub.url("/c2", "localhost")))).status, 202);
    const host = await capped.post(form(sub.url("/c3", "localhost")));
    assert.equal(host.status, 403);
    assert.match(host.text, /^hub\.callback: the callback host localhost has reached its limit of 2 subscriptions/);
    assert.equal(
      (await capped.post(form(sub.url("/c1", "localhost")))).status,
      202,
      "renewing an existing pair is not a new subscription",
    );
    assert.equal((await capped.post(form(sub.url("/c4")))).status, 202);
    const topic = await capped.post(form(sub.url("/c5", "127.0.0.2")));
    assert.equal(topic.status, 403);
    assert.match(topic.text, /^hub\.topic: this topic has reached its limit of 3 subscriptions/);
  });

  it("answers 429 with Retry-After past WEBSUB_RATE_LIMIT requests a minute", async () => {
    const ping = { "hub.mode": "publish", "hub.url": TOPICS.atom };
    let res = await capped.post(ping);
    for (let i = 0; i < 10 && res.status !== 429; i++) res = await capped.post(ping);
    assert.equal(res.status, 429);
    assert.match(res.text, /Too many requests/);
    const retryAfter = Number(res.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After: ${retryAfter}`);
    assert.equal((await capped.get("/api/websub/hub")).status, 200, "the human page is not limited");
  });
});
