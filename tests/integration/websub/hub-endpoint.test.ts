// The hub endpoint: its page, refusals of bad requests in plain text, and the verification of intent.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SITE_URL, TOPICS } from "../../../scripts/lib/test-site.ts";
import { ask, verdict } from "./helpers/hub-client.ts";
import { type HubFixture, startHubFixture } from "./helpers/hub-fixture.ts";

let f: HubFixture;
before(async () => {
  f = await startHubFixture();
});
after(() => f?.close());

const cb = (p: string) => f.cb(p);
const gets = (p: string, mode?: string) => f.gets(p, mode);
const subscribed = (...args: Parameters<HubFixture["subscribed"]>) => f.subscribed(...args);

describe("hub endpoint", () => {
  it("shows a short page on GET and answers 405 to other methods", async () => {
    const page = await f.hub.get("/api/websub/hub");
    assert.equal(page.status, 200);
    assert.match(await page.text(), /WebSub hub/);
    const del = await fetch(`${f.hub.url}/api/websub/hub`, { method: "DELETE" });
    assert.equal(del.status, 405);
    assert.equal(del.headers.get("allow"), "GET, HEAD, POST");
  });

  it("refuses bad requests at once in plain text naming the field (413, 415, 400)", async () => {
    const ok = { "hub.mode": "subscribe", "hub.topic": TOPICS.reviews, "hub.callback": cb("/never") };
    const json = await f.hub.post(JSON.stringify(ok), { contentType: "application/json" });
    assert.equal(json.status, 415);
    const big = await f.hub.post({ ...ok, pad: "x".repeat(9000) });
    assert.equal(big.status, 413);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ...ok, "hub.mode": "" }, /^hub\.mode: missing/],
      [{ ...ok, "hub.mode": "renew" }, /^hub\.mode: expected subscribe, unsubscribe or publish/],
      [{ ...ok, "hub.topic": `${SITE_URL}/insights.json` }, /^hub\.topic: not a topic of this hub/],
      [{ ...ok, "hub.callback": cb("/x").replace("https:", "http:") }, /^hub\.callback: must be an https: URL/],
      [
        { ...ok, "hub.callback": cb("/x").replace("https://", "https://u:p@") },
        /^hub\.callback: must not carry credentials/,
      ],
      [{ ...ok, "hub.callback": `${cb("/x")}#top` }, /^hub\.callback: must not have a fragment/],
      [{ ...ok, "hub.callback": `${cb("/")}${"x".repeat(2100)}` }, /^hub\.callback: longer than 2048 bytes/],
      [{ ...ok, "hub.callback": "https://10.0.0.1/cb" }, /^hub\.callback: names a private address/],
      [{ ...ok, "hub.callback": "https://167772161/cb" }, /^hub\.callback: names a private address \(10\.0\.0\.1\)/],
      [{ ...ok, "hub.callback": "https://0xa9fea9fe/cb" }, /^hub\.callback: names a cloud metadata address/],
      [
        { ...ok, "hub.callback": "https://[::ffff:10.0.0.1]/cb" },
        /^hub\.callback: names a private \(IPv4-mapped\) address/,
      ],
      [{ ...ok, "hub.callback": "https://[fd00::1]/cb" }, /^hub\.callback: names a unique-local address/],
      [{ ...ok, "hub.secret": "x".repeat(200) }, /^hub\.secret: must be less than 200 bytes/],
      [{ ...ok, "hub.lease_seconds": "ten" }, /^hub\.lease_seconds: expected decimal digits/],
    ];
    for (const [form, message] of cases) {
      const res = await f.hub.post(form);
      assert.equal(res.status, 400, JSON.stringify(form));
      assert.match(res.headers.get("content-type")!, /^text\/plain/);
      assert.match(res.text, message, JSON.stringify(form));
    }
    assert.equal(f.sub.received({ path: "/never" }).length, 0);
  });

  it("verifies intent: own query kept, parameters appended, random single-use challenge, clamped lease", async () => {
    const line = await subscribed("/v/echo?id=7&hub.mode=mine", TOPICS.atom, {
      "hub.lease_seconds": "99999999",
      "hub.unknown": "ignored",
    });
    assert.equal(line["confirmed"], true);
    const [first] = gets("/v/echo");
    const q = [...first!.query];
    assert.deepEqual(q.slice(0, 2), [
      ["id", "7"],
      ["hub.mode", "mine"],
    ]);
    assert.deepEqual(
      q.slice(2).map(([k]) => k),
      ["hub.mode", "hub.topic", "hub.challenge", "hub.lease_seconds"],
    );
    assert.equal(q[2]![1], "subscribe");
    assert.equal(first!.query.get("hub.topic"), TOPICS.atom);
    assert.equal(first!.query.getAll("hub.lease_seconds")[0], "7200");
    const challenge = first!.query.get("hub.challenge")!;
    assert.match(challenge, /^[A-Za-z0-9_-]{43}$/, "256 random bits");

    await subscribed("/v/echo?id=7&hub.mode=mine", TOPICS.atom, {}, 2);
    const second = gets("/v/echo")[1]!.query.get("hub.challenge");
    assert.notEqual(second, challenge, "a challenge is used once");
    assert.equal(
      gets("/v/echo")[1]!.query.get("hub.lease_seconds"),
      "3600",
      "WEBSUB_LEASE_DEFAULT when none is asked for",
    );
  });

  it("leaves the state unchanged unless the callback echoes the challenge with a 2xx", async () => {
    f.sub.set("/v/refuse", { verify: "refuse" });
    f.sub.set("/v/wrong", { verify: "wrong-body" });
    f.sub.set("/v/redirect", { verify: { redirect: "/v/target" } });
    f.sub.set("/v/hang", { verify: "hang" });
    f.sub.set("/v/huge", { verify: "huge" });
    const paths = ["/v/refuse", "/v/wrong", "/v/redirect", "/v/hang", "/v/huge"];
    await Promise.all(
      paths.map((p) => ask(f.hub, { "hub.mode": "subscribe", "hub.topic": TOPICS.reviews, "hub.callback": cb(p) })),
    );
    for (const p of paths) assert.equal((await verdict(f.hub, cb(p), "subscribe", 1, 6000))["confirmed"], false, p);
    assert.equal(f.sub.received({ path: "/v/target" }).length, 0, "redirects are not followed");
    const hang = await verdict(f.hub, cb("/v/hang"), "subscribe");
    assert.equal((hang["answer"] as { error: string }).error, "ETIMEDOUT");
    assert.equal((await f.status()).websub.subscriptions.by_topic[TOPICS.reviews], undefined);
  });
});
