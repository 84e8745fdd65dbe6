// The hub endpoint in-process (app.request, no port): 202s, plain-text 4xx naming the field, 413/415/429, the GET page.
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { describe, it } from "node:test";
import { memoryLogger } from "../../helpers/logger.ts";
import { createAddressPolicy } from "../../../sidecar/websub/net/policy.ts";
import { clientKey } from "../../../sidecar/http/client-address.ts";
import { storeRateLimiter } from "../../../sidecar/websub/rate-limit.ts";
import { openSqliteStore } from "../../../sidecar/websub/store/open.ts";
import { type HubActions, hubRoutes } from "../../../sidecar/websub/routes.ts";

const SITE = "https://reviews.example.test";
const TOPIC = `${SITE}/reviews.json`;

const FORM = "application/x-www-form-urlencoded";

function setup(opts: { perMinute?: number; refuse?: boolean; trustProxy?: string[] } = {}) {
  const intents: unknown[] = [];
  const pings: unknown[] = [];
  let clock = 0;
  const actions: HubActions = {
    intent: async (r) => {
      intents.push(r);
      return opts.refuse
        ? {
            status: "refused",
            field: "hub.callback",
            reason: "the callback host x has reached its limit of 1 subscriptions",
          }
        : { status: "queued" };
    },
    publish: (topics) => void pings.push(topics),
  };
  const app = hubRoutes({
    actions,
    parse: {
      topics: new Set([TOPIC, `${SITE}/feed.xml`]),
      lease: { default: 864000, min: 3600, max: 2592000 },
      policy: createAddressPolicy([]),
    },
    limiter: storeRateLimiter(openSqliteStore(":memory:"), opts.perMinute ?? 1000),
    trustProxy: opts.trustProxy ?? [],
    hubUrl: `${SITE}/api/websub/hub`,
    logger: memoryLogger(),
    now: () => clock,
  });
  const post = (body: string, type: string | null = "application/x-www-form-urlencoded") =>
    app.request("/hub", { method: "POST", body, headers: type ? { "content-type": type } : {} });
  return { app, post, intents, pings, tick: (ms: number) => (clock += ms) };
}

const form = (f: Record<string, string>) => new URLSearchParams(f).toString();
const subscribe = form({ "hub.mode": "subscribe", "hub.topic": TOPIC, "hub.callback": "https://sub.example/cb" });

describe("hub routes", () => {
  it("accepts subscribe and unsubscribe with 202 before any verification", async () => {
    const { post, intents } = setup();
    const res = await post(subscribe);
    assert.equal(res.status, 202);
    assert.match(res.headers.get("content-type")!, /^text\/plain/);
    const un = await post(
      form({ "hub.mode": "unsubscribe", "hub.topic": TOPIC, "hub.callback": "https://sub.example/cb" }),
    );
    assert.equal(un.status, 202);
    assert.equal(intents.length, 2);
  });

  it("answers bad requests in plain text naming the field", async () => {
    const { post, intents } = setup();
    const res = await post(
      form({ "hub.mode": "subscribe", "hub.topic": TOPIC, "hub.callback": "http://sub.example/cb" }),
    );
    assert.equal(res.status, 400);
    assert.match(res.headers.get("content-type")!, /^text\/plain; charset=utf-8/);
    assert.equal(await res.text(), "hub.callback: must be an https: URL, got http:\n");
    assert.equal(intents.length, 0);
  });

  it("answers 415 for non-form bodies and 413 past 8 KB", async () => {
    const { post } = setup();
    assert.equal((await post(JSON.stringify({ "hub.mode": "subscribe" }), "application/json")).status, 415);
    assert.equal((await post(subscribe, null)).status, 415);
    const big = await post(`${subscribe}&pad=${"x".repeat(9000)}`);
    assert.equal(big.status, 413);
    assert.match(await big.text(), /8192 bytes/);
  });

  it("answers 403 naming the field when a subscription cap is reached", async () => {
    const res = await setup({ refuse: true }).post(subscribe);
    assert.equal(res.status, 403);
    assert.match(await res.text(), /^hub\.callback: .*limit of 1 subscriptions/);
  });

  it("limits each client, with Retry-After", async () => {
    const { post, tick } = setup({ perMinute: 2 });
    assert.equal((await post(subscribe)).status, 202);
    assert.equal((await post(subscribe)).status, 202);
    const limited = await post(subscribe);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get("retry-after"), "30");
    tick(30_000);
    assert.equal((await post(subscribe)).status, 202);
  });

  it("counts the client behind a trusted proxy (TRUST_PROXY), and ignores forwarding headers from anyone else", async () => {
    const viaProxy = (app: ReturnType<typeof setup>["app"], client: string) =>
      app.request(
        "/hub",
        { method: "POST", body: subscribe, headers: { "content-type": FORM, "x-forwarded-for": client } },
        { incoming: { socket: { remoteAddress: "::ffff:127.0.0.1" } } as IncomingMessage },
      );
    const trusted = setup({ perMinute: 1, trustProxy: ["127.0.0.0/8"] }).app;
    assert.equal((await viaProxy(trusted, "198.51.100.1")).status, 202);
    assert.equal((await viaProxy(trusted, "198.51.100.2")).status, 202, "another client behind the same proxy");
    assert.equal((await viaProxy(trusted, "198.51.100.1")).status, 429);
    const untrusted = setup({ perMinute: 1 }).app;
    assert.equal((await viaProxy(untrusted, "198.51.100.1")).status, 202);
    assert.equal((await viaProxy(untrusted, "198.51.100.2")).status, 429, "the header is not believed: one client");
  });

  it("accepts a publisher's ping with 202 and hands the topics over", async () => {
    const { post, pings } = setup();
    const res = await post(form({ "hub.mode": "publish", "hub.url": `${SITE}/feed.xml` }));
    assert.equal(res.status, 202);
    assert.deepEqual(pings, [[`${SITE}/feed.xml`]]);
  });

  it("shows a short human page on GET (and HEAD), 405 for other methods", async () => {
    const { app } = setup();
    const page = await app.request("/hub");
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type")!, /^text\/html/);
    assert.match(await page.text(), /WebSub hub[\s\S]*reviews\.json/);
    assert.equal((await app.request("/hub", { method: "HEAD" })).status, 200);
    const put = await app.request("/hub", { method: "PUT" });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get("allow"), "GET, HEAD, POST");
  });
});

describe("rate limiting keys", () => {
  it("limits IPv4 clients by address and IPv6 clients by /64", () => {
    assert.equal(clientKey("::ffff:192.0.2.7"), "192.0.2.7");
    assert.equal(clientKey("2001:db8:1:2:aaaa::1"), clientKey("2001:db8:1:2:bbbb::2"));
    assert.notEqual(clientKey("2001:db8:1:2::1"), clientKey("2001:db8:1:3::1"));
    assert.equal(clientKey(undefined), "unknown");
  });
});
