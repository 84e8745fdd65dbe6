// One hub under test with all it needs around it: a copy of the sample site built, a test CA this process trusts, an
// HTTPS subscriber, and the sidecar in-process with test-sized timings.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import path from "node:path";
import { createTestCa, type TestCa, trustTestCa } from "../../../../scripts/lib/test-ca.ts";
import { createTestSite, SITE_URL, TOPICS, type TestSite } from "../../../../scripts/lib/test-site.ts";
import { sampleRelease } from "../../../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../../../helpers/sidecar.ts";
import { ask, verdict } from "./hub-client.ts";
import { startSubscriber, type Subscriber } from "./subscriber.ts";

export type HubFixture = Readonly<{
  ca: TestCa;
  site: TestSite;
  sub: Subscriber;
  hub: TestSidecar;
  /** The subscriber's callback URL for `path`. */
  cb: (path: string) => string;
  posts: (path: string) => ReturnType<Subscriber["received"]>;
  gets: (path: string, mode?: string) => ReturnType<Subscriber["received"]>;
  /** Subscribes and waits for the hub's verdict on the `nth` verification. */
  subscribed: (
    path: string,
    topic?: string,
    extra?: Record<string, string>,
    nth?: number,
  ) => ReturnType<typeof verdict>;
  /** The counts of GET /api/status on the admin listener. */
  status: () => Promise<{ websub: { subscriptions: { active: number; by_topic: Record<string, number> } } }>;
  /** The bytes and headers a plain GET of a topic returns (identity coding). */
  topic: (url: string) => Promise<{ body: Buffer; contentType: string; link: string }>;
  close: () => Promise<void>;
}>;

/** `env` overrides the test-sized settings below. */
export async function startHubFixture(env: Record<string, string> = {}): Promise<HubFixture> {
  const [ca, site] = await Promise.all([createTestCa(), sampleRelease().then((from) => createTestSite({ from }))]);
  const sub = await startSubscriber(ca);
  trustTestCa(ca);
  const hub = await startTestSidecar(site.distDir, {
    SITE_URL,
    HUB_DB: path.join(site.root, "var", "hub.sqlite"),
    WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
    WEBSUB_RATE_LIMIT: "100000",
    WEBSUB_RETRY_DELAYS: "1,1",
    WEBSUB_VERIFY_TIMEOUT: "2",
    WEBSUB_DELIVERY_TIMEOUT: "2",
    WEBSUB_CLAIM_TTL: "3",
    WEBSUB_LEASE_MIN: "1",
    WEBSUB_LEASE_DEFAULT: "3600",
    WEBSUB_LEASE_MAX: "7200",
    WEBSUB_SWEEP_CRON: "* * * * * *",
    ...env,
  });
  const cb = (p: string) => sub.url(p);
  return {
    ca,
    site,
    sub,
    hub,
    cb,
    posts: (p) => sub.received({ path: p, method: "POST" }),
    gets: (p, mode) => sub.received({ path: p, method: "GET", ...(mode ? { mode } : {}) }),
    subscribed: async (p, topic = TOPICS.reviews, extra = {}, nth = 1) => {
      await ask(hub, { "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": cb(p), ...extra });
      return verdict(hub, cb(p), "subscribe", nth);
    },
    status: async () => (await (await hub.admin("/api/status")).json()) as Awaited<ReturnType<HubFixture["status"]>>,
    topic: async (url) => {
      const res = await fetch(`${hub.url}${new URL(url).pathname}`, { headers: { "accept-encoding": "identity" } });
      assert.equal(res.status, 200);
      return {
        body: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get("content-type")!,
        link: res.headers.get("link")!,
      };
    },
    close: async () => {
      await hub.stop();
      await sub.close();
      await rm(site.root, { recursive: true, force: true });
      await rm(ca.dir, { recursive: true, force: true });
    },
  };
}
