// The deployment of docs/deploy.md on one machine: nginx (deploy/nginx/reviews.conf) round-robin in front of three
// sidecar processes on one PostgreSQL hub database, without sticky sessions. Subscriptions, fan-out, kill -9 of a
// replica in the middle of a fan-out, a restart of all of them, the read paths and MCP, and the rate limit per real
// client, all through the proxy. Skipped without nginx.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { encodeForm } from "../../../scripts/lib/hub-form.ts";
import { type SidecarProcess, startSidecar } from "../../../scripts/lib/sidecar-process.ts";
import { SITE_URL, TOPICS, type TestSite } from "../../../scripts/lib/test-site.ts";
import { openHubStore } from "../../../sidecar/websub/store/open.ts";
import type { HubStore } from "../../../sidecar/websub/store/store.ts";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { callTool, connect } from "../mcp/helpers.ts";
import { type HubUnderTest, sleep } from "../websub/helpers/hub-client.ts";
import type { Subscriber } from "../websub/helpers/subscriber.ts";
import { type PostgresSite, startPostgresSite } from "../websub/helpers/postgres-site.ts";
import { freePort } from "../../../scripts/lib/free-port.ts";
import { NGINX, type RunningNginx, startNginx } from "../../../scripts/lib/nginx-process.ts";
import { send } from "./send.ts";

const RATE_LIMIT = 40;
const REPLICAS = 3;

if (!existsSync(NGINX)) {
  it("nginx in front of three replicas on PostgreSQL", (t) => {
    t.skip(`nginx is not installed: ${NGINX} is missing (apt-get install -y nginx; .ci/run installs it)`);
  });
} else {
  describe("nginx in front of three sidecar replicas on one PostgreSQL", () => {
    let fixture: PostgresSite;
    let site: TestSite;
    let sub: Subscriber;
    let store: HubStore;
    let nginx: RunningNginx;
    let env: Record<string, string>;
    const ports: number[] = [];
    const replicas: SidecarProcess[] = [];
    /** Every replica's log lines, those of replicas since stopped included. */
    const logs: SidecarProcess["logs"][] = [];
    const allLogs = () => logs.flat();

    const startReplica = async (i: number) => {
      replicas[i] = await startSidecar({ ...env, PORT: String(ports[i]) });
      logs.push(replicas[i].logs);
    };

    before(async () => {
      fixture = await startPostgresSite();
      ({ site, sub } = fixture);
      // nginx's workers run as another user (nobody): they must be able to read the release.
      await chmod(site.root, 0o755);
      env = {
        DIST_DIR: site.distDir,
        SITE_URL,
        HUB_DB: fixture.hubDb,
        NODE_EXTRA_CA_CERTS: fixture.ca.caFile,
        TRUST_PROXY: "127.0.0.1/32",
        DIST_CHECK_INTERVAL: "1",
        WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
        WEBSUB_RATE_LIMIT: String(RATE_LIMIT),
        WEBSUB_RETRY_DELAYS: "1,1",
        WEBSUB_VERIFY_TIMEOUT: "2",
        WEBSUB_DELIVERY_TIMEOUT: "3",
        WEBSUB_CLAIM_TTL: "5",
        WEBSUB_SWEEP_CRON: "*/2 * * * * *",
        WEBSUB_CONCURRENCY: "2",
        MCP_SESSION_SECRET: "cluster-behind-nginx-secret-of-32-chars-or-more",
      };
      for (let i = 0; i < REPLICAS; i++) ports.push(await freePort());
      // Started together: their schema migrations meet at the advisory lock.
      await Promise.all(ports.map((_, i) => startReplica(i)));
      nginx = await startNginx({ distDir: site.distDir, siteUrl: SITE_URL, sidecarPorts: ports });
      store = await openHubStore(env["HUB_DB"]!);
    });
    after(async () => {
      await nginx?.stop();
      await Promise.all(replicas.map((r) => r.stop("SIGKILL")));
      await store?.close();
      await fixture?.close();
    });

    /** A form POSTed to the hub through nginx from the client address `from`, with any extra headers. */
    const postHub = (
      from: string,
      form: Record<string, string | string[]> | string,
      headers: Record<string, string> = {},
    ) =>
      send(`${nginx.url}/api/websub/hub`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: typeof form === "string" ? form : encodeForm(form),
        localAddress: from,
      });
    /** The hub through nginx, from the client address `from`. */
    const hubVia = (from: string): HubUnderTest => ({
      get logs() {
        return allLogs();
      },
      post: async (form) => {
        const res = await postHub(from, form);
        return { status: res.status, headers: new Headers(), text: res.body.toString() };
      },
    });
    const subscribe = async (paths: readonly string[], topic: string, from = "127.0.0.2") => {
      for (const p of paths) {
        const res = await hubVia(from).post({
          "hub.mode": "subscribe",
          "hub.topic": topic,
          "hub.callback": sub.url(p),
        });
        assert.equal(res.status, 202, `${p}: ${res.text}`);
      }
      await sub.waitFor(
        () => paths.every((p) => sub.received({ path: p, mode: "subscribe" }).length >= 1),
        15_000,
        `a verification of ${paths.length} callbacks`,
      );
    };
    const posts = (p: string) => sub.received({ path: p, method: "POST" });
    const active = async () => (await store.hubStats(Date.now())).subscriptions.active;
    const pending = async () => (await store.hubStats(Date.now())).deliveriesPending;
    /** Waits up to 10 s for the hub's figure `read` to come to `n`, and asserts it did. */
    const settlesAt = async (read: () => Promise<number>, n: number) => {
      const deadline = Date.now() + 10_000;
      while ((await read()) !== n && Date.now() < deadline) await sleep(50);
      assert.equal(await read(), n);
    };
    const waitForActive = (n: number) => settlesAt(active, n);
    const newRelease = async (marker: string) => {
      await site.addReview(marker);
      await site.build();
    };
    const paths = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `/${prefix}/${i}`);

    it("verifies subscriptions made through the proxy, each once", async () => {
      const atom = paths("one-atom", 6);
      const json = paths("one-json", 6);
      await subscribe(atom, TOPICS.atom);
      await subscribe(json, TOPICS.jsonFeed);
      await waitForActive(12);
      await sleep(500);
      for (const p of [...atom, ...json]) assert.equal(sub.received({ path: p, method: "GET" }).length, 1, p);
    });

    it("after a rebuild, pushes each changed topic to each subscriber exactly once", async () => {
      await newRelease("Cluster release one: ¡olé!");
      const all = [...paths("one-atom", 6), ...paths("one-json", 6)];
      await sub.waitFor(() => all.every((p) => posts(p).length >= 1), 20_000, "a POST to every subscriber");
      // Every replica has noticed the release (DIST_CHECK_INTERVAL 1 s) and had its chance to push again.
      await sleep(3000);
      for (const p of all) {
        assert.equal(posts(p).length, 1, `${p}: one POST`);
        assert.ok(posts(p)[0]!.body.toString().includes("Cluster release one: ¡olé!"), `${p}: the new content`);
      }
      assert.equal((await store.hubStats(Date.now())).deliveriesPending, 0);
    });

    it("loses nothing when a replica is killed (-9) in the middle of a fan-out, and counts failures right", async () => {
      const fan = paths("fan", 15);
      for (const p of fan) sub.set(p, { delayMs: 800 });
      sub.set("/fails", { deliver: 500 });
      sub.set("/gone", { deliver: 410 });
      await subscribe([...fan, "/fails", "/gone"], TOPICS.atom);
      await waitForActive(12 + 17);

      await newRelease("Cluster release two, cut short");
      await sub.waitFor(() => fan.filter((p) => posts(p).length > 0).length >= 4, 20_000, "the fan-out under way");
      const arrivedBeforeKill = fan.filter((p) => posts(p).length > 0).length;
      await replicas[1]!.stop("SIGKILL");
      assert.ok(arrivedBeforeKill < fan.length, "the replica died in the middle of the fan-out");

      await sub.waitFor(
        () => fan.every((p) => posts(p).some((r) => r.body.toString().includes("cut short"))),
        30_000,
        "the new content at every subscriber",
      );
      await sub.waitFor(() => sub.received({ path: "/fails", mode: "denied" }).length === 1, 20_000, "the denial");
      await sleep(2000);
      for (const p of fan) assert.ok(posts(p).length <= 2, `${p}: at most one duplicate (${posts(p).length} POSTs)`);
      // Three attempts (WEBSUB_RETRY_DELAYS has two delays), one more if the kill fell on an attempt unrecorded.
      const failed = posts("/fails").length;
      assert.ok(failed === 3 || failed === 4, `/fails: ${failed} attempts`);
      assert.equal(sub.received({ path: "/fails", mode: "denied" }).length, 1, "one denial");
      assert.ok(posts("/gone").length <= 2);
      assert.equal(sub.received({ path: "/gone", mode: "denied" }).length, 0, "410 Gone is removed without a denial");
      await waitForActive(12 + 15);
      for (const p of fan) sub.set(p, { delayMs: 0 });
      await startReplica(1);
    });

    it("a restart of every replica loses no subscription and no pending delivery", async () => {
      sub.set("/pending", { deliver: 503 });
      await subscribe(["/pending"], TOPICS.jsonFeed);
      await waitForActive(12 + 15 + 1);
      const before = await store.hubStats(Date.now());
      await newRelease("Cluster release three");
      await sub.waitFor(() => posts("/pending").length === 1, 15_000, "the first, failed, attempt");
      await Promise.all(replicas.map((r) => r.stop("SIGTERM")));
      sub.set("/pending", { deliver: 204 });
      await Promise.all(ports.map((_, i) => startReplica(i)));
      assert.deepEqual((await store.hubStats(Date.now())).subscriptions, before.subscriptions);
      await sub.waitFor(() => posts("/pending").length === 2, 15_000, "the retry after the restart");
      assert.ok(posts("/pending")[1]!.body.toString().includes("Cluster release three"));
      await sub.waitFor(
        () => paths("one-json", 6).every((p) => posts(p).some((r) => r.body.toString().includes("release three"))),
        15_000,
        "the third release at every subscriber of the JSON feed",
      );
      // The acknowledgements of the last deliveries may still be on their way to the store.
      await settlesAt(pending, 0);
    });

    it("answers search, since and MCP through the proxy as one process would", async () => {
      for (const query of [
        "/api/reviews/search?query=water&min_rating=3&limit=4",
        "/api/reviews/since/2025-06-01?limit=5",
      ]) {
        const direct = await (await fetch(`${replicas[0]!.url}${query}`)).text();
        for (let i = 0; i < REPLICAS * 2; i++) {
          const via = await send(`${nginx.url}${query}`);
          assert.equal(via.status, 200, query);
          assert.equal(via.body.toString(), direct, `${query}, request ${i + 1}`);
        }
      }
      // Each generation's official client through the proxy: a 2025 session, whose requests reach every replica in
      // turn, and 2026-07-28 requests without one; the same answers as the HTTP search of one replica.
      const legacy = await connect(`${nginx.url}/mcp`);
      const modern = new ModernClient(
        { name: "cluster-it", version: "1.0.0" },
        { versionNegotiation: { mode: "auto" } },
      );
      await modern.connect(new ModernTransport(new URL(`${nginx.url}/mcp`)));
      try {
        assert.equal(modern.getNegotiatedProtocolVersion(), "2026-07-28");
        const direct = await (await fetch(`${replicas[2]!.url}/api/reviews/search?min_rating=5&limit=2`)).json();
        for (let i = 0; i < REPLICAS * 2; i++) {
          const found = await callTool(legacy.client, "search_reviews", { min_rating: 5, limit: 2 });
          assert.deepEqual(found["reviews"], (direct as { reviews: unknown }).reviews, `2025 call ${i + 1}`);
          const again = await modern.callTool({ name: "search_reviews", arguments: { min_rating: 5, limit: 2 } });
          assert.deepEqual(again.structuredContent, found, `2026 call ${i + 1}`);
        }
      } finally {
        await legacy.close();
        await modern.close();
      }
    });

    it("counts the rate limit per client behind the proxy, across replicas", async () => {
      const refused = (p: string) => sub.set(p, { verify: "refuse" });
      const ask = (from: string, p: string, headers: Record<string, string> = {}) =>
        postHub(from, { "hub.mode": "subscribe", "hub.topic": TOPICS.atom, "hub.callback": sub.url(p) }, headers);
      const started = Date.now();
      for (let i = 0; i < RATE_LIMIT; i++) {
        refused(`/limited/${i}`);
        const res = await ask("127.0.0.9", `/limited/${i}`);
        assert.equal(res.status, 202, `request ${i + 1}: ${res.body.toString()}`);
      }
      // The bucket refills RATE_LIMIT a minute: the requests above may have earned a few more, and no more than that.
      const earned = Math.ceil(((Date.now() - started) / 60_000) * RATE_LIMIT);
      let over = await ask("127.0.0.9", "/limited/over-0");
      for (let i = 1; i <= earned && over.status === 202; i++) over = await ask("127.0.0.9", `/limited/over-${i}`);
      assert.equal(over.status, 429);
      assert.ok(Number(over.headers["retry-after"]) >= 1);
      // Naming another client in X-Forwarded-For does not help: nginx sets it to the address it sees.
      const spoofed = await ask("127.0.0.9", "/limited/spoofed", { "x-forwarded-for": "203.0.113.7" });
      assert.equal(spoofed.status, 429);
      refused("/limited/other");
      assert.equal((await ask("127.0.0.10", "/limited/other")).status, 202, "another client still gets in");
    });
  });
}
