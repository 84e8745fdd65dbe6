// Fat pings after a rebuild, end to end in-process: real rebuilds, real HTTPS subscribers trusted through a test CA;
// and what the hub shows of itself (see durability.test.ts for restarts and kill -9 of the process).
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { HUB_URL, TOPICS } from "../../../scripts/lib/test-site.ts";
import { ask, idOf, logsFor, sleep, until, verdict } from "./helpers/hub-client.ts";
import { type HubFixture, startHubFixture } from "./helpers/hub-fixture.ts";
import { runPublishScript } from "./helpers/publish-script.ts";

const SECRET = "sëcret-ü-🔑";
let f: HubFixture;
before(async () => {
  f = await startHubFixture();
});
after(() => f?.close());

const cb = (p: string) => f.cb(p);
const posts = (p: string) => f.posts(p);
const gets = (p: string, mode?: string) => f.gets(p, mode);
const subscribed = (...args: Parameters<HubFixture["subscribed"]>) => f.subscribed(...args);

describe("fat pings after a rebuild", () => {
  let builtAt = 0;

  it("sets up subscribers of every kind", async () => {
    for (const [p, topic] of [
      ["/t/atom", TOPICS.atom],
      ["/t/jsonfeed", TOPICS.jsonFeed],
      ["/t/reviews", TOPICS.reviews],
    ] as const) {
      assert.equal((await subscribed(p, topic, { "hub.secret": SECRET }))["confirmed"], true);
    }
    await subscribed("/plain");
    for (let i = 1; i <= 3; i++) await subscribed("/dup", TOPICS.reviews, { "hub.secret": `dup-${i}` }, i);

    await subscribed("/resub", TOPICS.reviews, { "hub.secret": "first" });
    assert.equal((await subscribed("/resub", TOPICS.reviews, {}, 2))["confirmed"], true);
    await subscribed("/resub-refused", TOPICS.reviews, { "hub.secret": "kept", "hub.lease_seconds": "7000" });
    f.sub.set("/resub-refused", { verify: "refuse" });
    assert.equal(
      (await subscribed("/resub-refused", TOPICS.reviews, { "hub.secret": "never", "hub.lease_seconds": "10" }, 2))[
        "confirmed"
      ],
      false,
    );

    await subscribed("/unsub-refused");
    f.sub.set("/unsub-refused", { verify: "refuse" });
    await ask(f.hub, {
      "hub.mode": "unsubscribe",
      "hub.topic": TOPICS.reviews,
      "hub.callback": cb("/unsub-refused"),
      "hub.lease_seconds": "x",
    });
    assert.equal((await verdict(f.hub, cb("/unsub-refused"), "unsubscribe"))["confirmed"], false);
    await subscribed("/unsub");
    await ask(f.hub, { "hub.mode": "unsubscribe", "hub.topic": TOPICS.reviews, "hub.callback": cb("/unsub") });
    assert.equal((await verdict(f.hub, cb("/unsub"), "unsubscribe"))["confirmed"], true);

    for (const [p, deliver] of [
      ["/fail500", 500],
      ["/moved", 302],
      ["/gone", 410],
      ["/hang", "hang"],
      ["/huge", "huge"],
      ["/flaky", 500],
    ] as const) {
      f.sub.set(p, { deliver });
      await subscribed(p);
    }
    // Percent-encoded unreserved characters in the topic are decoded: this is the /reviews.json topic.
    await subscribed("/pct", TOPICS.reviews.replace("reviews.json", "%72eviews%2Ejson"));
    await subscribed("/lease", TOPICS.reviews, { "hub.lease_seconds": "0" });
    assert.equal(gets("/lease")[0]!.query.get("hub.lease_seconds"), "1", "0 is clamped up to WEBSUB_LEASE_MIN");
    await sleep(1200);
  });

  it("delivers every changed topic within 5 s of the rebuild: exact bytes, Content-Type, Link, signature over non-ASCII content", async () => {
    await f.site.addReview("Zoë fixed our boiler — “perfect”, naïve ✓ 🚰 日本語 too");
    await f.site.build();
    builtAt = Date.now();
    const expected = [
      "/t/atom",
      "/t/jsonfeed",
      "/t/reviews",
      "/plain",
      "/dup",
      "/resub",
      "/resub-refused",
      "/unsub-refused",
      "/pct",
      "/gone",
      "/huge",
    ];
    await until(
      () => expected.every((p) => posts(p).length >= 1),
      7000,
      `deliveries to ${expected.filter((p) => posts(p).length === 0).join(",")}`,
    );
    // /flaky has failed once by now (it is delivered together with the others); its retry will succeed.
    await until(() => posts("/flaky").length === 1, 1000, "the flaky subscriber's first attempt");
    f.sub.set("/flaky", { deliver: 204 });
    const latest = Math.max(...expected.map((p) => posts(p)[0]!.at));
    assert.ok(latest - builtAt <= 5000, `last delivery ${latest - builtAt} ms after the build`);

    for (const [p, topic] of [
      ["/t/atom", TOPICS.atom],
      ["/t/jsonfeed", TOPICS.jsonFeed],
      ["/t/reviews", TOPICS.reviews],
    ] as const) {
      const [got] = posts(p);
      const served = await f.topic(topic);
      assert.ok(got!.body.equals(served.body), `${p}: body is byte-identical to GET ${topic}`);
      assert.equal(got!.headers["content-type"], served.contentType, p);
      assert.equal(got!.headers["link"], `<${HUB_URL}>; rel="hub", <${topic}>; rel="self"`, p);
      assert.equal(served.link, got!.headers["link"], `${p}: the topic itself is served with the same Link`);
      const headersFile = await readFile(path.join(f.site.distDir, "_headers"), "utf8");
      assert.ok(
        headersFile.includes(`${new URL(topic).pathname}\n`) && headersFile.includes(`  Link: ${served.link}\n`),
        `${p}: _headers carries the Link`,
      );
      assert.equal(
        got!.headers["x-hub-signature"],
        `sha256=${createHmac("sha256", SECRET).update(served.body).digest("hex")}`,
        p,
      );
    }
    assert.equal(posts("/t/atom")[0]!.headers["content-type"], "application/atom+xml; charset=utf-8");
    assert.match(posts("/t/reviews")[0]!.body.toString("utf8"), /日本語/);
    assert.equal(posts("/plain")[0]!.headers["x-hub-signature"], undefined, "no secret, no signature");
    assert.equal(
      posts("/resub")[0]!.headers["x-hub-signature"],
      undefined,
      "a verified re-subscribe without hub.secret dropped it",
    );
    const kept = posts("/resub-refused")[0]!;
    assert.equal(
      kept.headers["x-hub-signature"],
      `sha256=${createHmac("sha256", "kept").update(kept.body).digest("hex")}`,
      "a failed re-subscribe keeps the old secret",
    );
    assert.equal(
      posts("/dup")[0]!.headers["x-hub-signature"],
      `sha256=${createHmac("sha256", "dup-3").update(posts("/dup")[0]!.body).digest("hex")}`,
    );
  });

  it("sends nothing to rejected, unsubscribed or expired subscriptions, and never twice", async () => {
    await sleep(800);
    for (const p of ["/unsub", "/lease", "/v/refuse", "/v/wrong", "/v/redirect", "/v/hang", "/v/huge", "/v/target"])
      assert.equal(posts(p).length, 0, p);
    for (const p of ["/t/atom", "/t/jsonfeed", "/t/reviews", "/plain", "/dup", "/resub", "/pct"])
      assert.equal(posts(p).length, 1, p);
    assert.ok(
      f.hub.logs.some((l) => l.msg === "websub upkeep" && Number(l["expired_removed"]) >= 1),
      "the sweep removed the expired lease",
    );
  });

  it("does not let a hanging callback or an endless answer hold up anyone else", async () => {
    assert.equal(posts("/hang").length, 1);
    const others = ["/t/atom", "/t/jsonfeed", "/t/reviews", "/plain", "/huge"].map((p) => posts(p)[0]!.at);
    assert.ok(Math.max(...others) - posts("/hang")[0]!.at < 1000, "the others were delivered while /hang hung");
    assert.equal(posts("/huge").length, 1, "a 200 with an endless body is a success: no retry");
    assert.equal(logsFor(f.hub, cb("/huge"), "websub delivered").length, 1);
  });

  it("retries failures (3xx included), removes after 3 consecutive ones with a denial GET; 410 removes at once", async () => {
    await until(
      () => gets("/fail500", "denied").length === 1 && gets("/moved", "denied").length === 1,
      8000,
      "the denial GETs",
    );
    for (const p of ["/fail500", "/moved"]) {
      assert.equal(posts(p).length, 3, p);
      const times = posts(p).map((r) => r.at);
      assert.ok(
        times[1]! - times[0]! >= 900 && times[2]! - times[1]! >= 900,
        `${p}: retried after WEBSUB_RETRY_DELAYS (${times.join(",")})`,
      );
      const [denial] = gets(p, "denied");
      assert.equal(denial!.query.get("hub.topic"), TOPICS.reviews);
      assert.match(denial!.query.get("hub.reason")!, /3 consecutive content deliveries failed/);
    }
    assert.equal(posts("/gone").length, 1);
    assert.equal(gets("/gone", "denied").length, 0);
    await until(() => posts("/flaky").length === 2, 4000, "the flaky subscriber's retry");
    assert.equal(logsFor(f.hub, cb("/flaky"), "websub delivered").length, 1);
    const active = (await f.status()).websub.subscriptions.by_topic[TOPICS.reviews]!;
    await until(() => gets("/hang", "denied").length === 1, 12_000, "the hanging callback's removal");
    assert.equal(posts("/hang").length, 3);
    assert.equal((await f.status()).websub.subscriptions.by_topic[TOPICS.reviews], active - 1);
  });

  it("sends nothing when a rebuild or a publish ping changes no content", async () => {
    const before = f.sub.received({ method: "POST" }).length;
    const changes = f.hub.logs.filter((l) => l.msg === "websub topic changed").length;
    await f.site.build();
    // The publisher's side: `npm run publish` pings the hub for each topic after a deploy.
    const ping = await runPublishScript(["--hub", `${f.hub.url}/api/websub/hub`]);
    assert.equal(ping.code, 0, ping.stderr);
    assert.equal(ping.stdout.match(/^ok /gm)?.length, 3, ping.stdout);
    await until(
      () => f.hub.logs.filter((l) => l.msg === "websub publish ping").length === 3,
      2000,
      "three publish pings",
    );
    await sleep(1500);
    assert.equal(f.sub.received({ method: "POST" }).length, before);
    assert.equal(f.hub.logs.filter((l) => l.msg === "websub topic changed").length, changes);
  });

  it("resets the failure count on success", async () => {
    // /flaky failed once in the first round; two more failures now would remove it if the success between had not counted.
    f.sub.set("/flaky", { deliver: 500 });
    await f.site.addReview("Second round ✓");
    await f.site.build();
    await until(() => posts("/flaky").length === 4, 8000, "two failed attempts in the second round");
    f.sub.set("/flaky", { deliver: 204 });
    await until(() => posts("/flaky").length === 5, 4000, "the third attempt");
    await until(() => logsFor(f.hub, cb("/flaky"), "websub delivered").length === 2, 2000, "the success");
    assert.equal(posts("/flaky").length, 5);
    assert.equal(gets("/flaky", "denied").length, 0);
    for (const p of ["/t/atom", "/t/jsonfeed", "/t/reviews"]) assert.equal(posts(p).length, 2, p);
  });
});

describe("operations", () => {
  it("answers /healthz (touching the database) and reports counts on the admin listener's /api/status", async () => {
    const health = await f.hub.get("/healthz");
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), {
      status: "ok",
      release: (await (await f.hub.get("/api/status")).json()).release.id,
      hub_db: "ok",
    });
    const status = (await (await f.hub.admin("/api/status")).json()) as { websub: Record<string, unknown> };
    assert.equal(typeof status.websub["deliveries_pending"], "number");
    assert.ok(!JSON.stringify(f.hub.logs).includes(SECRET), "secrets never reach the logs");
    assert.ok(
      !JSON.stringify(f.hub.logs).includes("/resub-refused"),
      "callback paths (capability URLs) never reach the logs",
    );
    assert.ok(idOf(cb("/t/atom")).length === 12);
  });
});
