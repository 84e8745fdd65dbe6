// The committed nginx configuration in front of a sidecar on the sample release: static files from the release
// directory, the sidecar's paths proxied with the public Host, MCP event streams unbuffered. Skipped without nginx.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { chmod, readFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { ROOT, sampleRelease, TEST_SITE } from "../../helpers/build.ts";
import { type ReleaseCopies, releaseCopies } from "../../helpers/release-copy.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";
import { NGINX, type RunningNginx, startNginx } from "../../../scripts/lib/nginx-process.ts";
import { send } from "./send.ts";

const SITE_HOST = new URL(TEST_SITE).host;
const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "nginx-test", version: "1" } },
});

it("docs/deploy.md shows the committed nginx configuration as it is", async () => {
  const conf = await readFile(path.join(ROOT, "deploy/nginx/reviews.conf"), "utf8");
  const doc = await readFile(path.join(ROOT, "docs/deploy.md"), "utf8");
  assert.ok(doc.includes(`\`\`\`nginx\n${conf}\`\`\``), "docs/deploy.md differs from deploy/nginx/reviews.conf");
});

if (!existsSync(NGINX)) {
  it("nginx in front of the sidecar", (t) => {
    t.skip(`nginx is not installed: ${NGINX} is missing (apt-get install -y nginx; .ci/run installs it)`);
  });
} else {
  describe("nginx in front of the sidecar (deploy/nginx/reviews.conf)", () => {
    let copies: ReleaseCopies;
    let sidecar: TestSidecar;
    let nginx: RunningNginx;
    let release: string;

    before(async () => {
      copies = await releaseCopies(await sampleRelease());
      // nginx's workers run as another user (nobody): they must be able to enter the temporary directory.
      await chmod(path.dirname(copies.distDir), 0o755);
      release = await copies.current();
      sidecar = await startTestSidecar(copies.distDir, { DIST_CHECK_INTERVAL: "1" });
      nginx = await startNginx({
        distDir: copies.distDir,
        siteUrl: TEST_SITE,
        sidecarPorts: [Number(new URL(sidecar.url).port)],
      });
    });
    after(async () => {
      await nginx?.stop();
      await sidecar?.stop();
      await copies?.cleanup();
    });

    it("serves a static file from the release with its headers, an ETag and a 304 for it", async () => {
      const res = await send(`${nginx.url}/reviews.json`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, await readFile(path.join(release, "reviews.json")));
      assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
      assert.equal(res.headers["cache-control"], "public, max-age=300, stale-while-revalidate=3600");
      assert.equal(res.headers["access-control-allow-origin"], "*");
      assert.equal(
        res.headers.link,
        `<${TEST_SITE}/api/websub/hub>; rel="hub", <${TEST_SITE}/reviews.json>; rel="self"`,
      );
      const etag = res.headers.etag as string;
      assert.match(etag, /^"[0-9a-f]+-[0-9a-f]+"$/);
      const again = await send(`${nginx.url}/reviews.json`, { headers: { "if-none-match": etag } });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });

    it("sends the build's .gz and .br files by Accept-Encoding", async (t) => {
      const gz = await send(`${nginx.url}/reviews.json`, { headers: { "accept-encoding": "gzip" } });
      assert.equal(gz.headers["content-encoding"], "gzip");
      assert.equal(gz.headers.vary, "Accept-Encoding");
      assert.deepEqual(gz.body, await readFile(path.join(release, "reviews.json.gz")));
      if (!nginx.brotli) return t.skip("the brotli_static module is not installed (libnginx-mod-http-brotli-static)");
      const br = await send(`${nginx.url}/reviews.json`, { headers: { "accept-encoding": "br, gzip" } });
      assert.equal(br.headers["content-encoding"], "br");
      assert.deepEqual(br.body, await readFile(path.join(release, "reviews.json.br")));
    });

    it("serves the feed as Atom, the share image, directory indexes, and never the release's own files", async () => {
      const feed = await send(`${nginx.url}/feed.xml`);
      assert.equal(feed.headers["content-type"], "application/atom+xml; charset=utf-8");
      assert.equal((await send(`${nginx.url}/reviews/`)).status, 200);
      assert.equal((await send(`${nginx.url}/reviews`)).headers.location, "/reviews/");
      const share = await send(`${nginx.url}/share.png`);
      assert.equal(share.headers["content-type"], "image/png");
      assert.deepEqual(share.body, await readFile(path.join(release, "share.png")));
      for (const internal of [
        "/manifest.json",
        "/search-index.bin",
        "/analysis-columns.bin",
        "/build-record.json",
        "/change-log.json",
        "/release.sqlite",
        "/_headers",
        "/reviews.json.br",
        "/_astro/",
      ]) {
        const res = await send(`${nginx.url}${internal}`);
        assert.equal(res.status, 404, internal);
        assert.equal(JSON.parse(res.body.toString()).code, "not_found", internal);
      }
    });

    it("proxies search to the sidecar: the same answer as asked directly", async () => {
      const query = "/api/reviews/search?min_rating=4&limit=3";
      const via = await send(`${nginx.url}${query}`);
      assert.equal(via.status, 200);
      assert.deepEqual(JSON.parse(via.body.toString()), await (await sidecar.get(query)).json());
    });

    it("sends a review's page and a search with a query to the sidecar, the archive pages and the bare search page being files", async () => {
      const { reviews } = (await (await sidecar.get("/reviews.json")).json()) as { reviews: { id: string }[] };
      const page = await send(`${nginx.url}/reviews/${reviews[0]!.id}/`);
      assert.equal(page.status, 200);
      assert.ok(page.body.toString().includes(`id="review-${reviews[0]!.id}"`));
      assert.equal((await send(`${nginx.url}/reviews/`)).status, 200);
      const search = await send(`${nginx.url}/search/?query=water&limit=3`);
      assert.equal(search.status, 200);
      assert.equal(search.body.toString().match(/<article class="review"/g)?.length, 3);
      const gz = await send(`${nginx.url}/search/?query=water`, { headers: { "accept-encoding": "gzip" } });
      assert.equal(gz.headers["content-encoding"], "gzip", "the sidecar's compressed page, passed on");
      assert.equal(gz.headers.vary, "Accept-Encoding");
      assert.equal((await send(`${nginx.url}/review-page-shell/index.html`)).status, 404);
    });

    it("passes the client's Host on to /mcp: the site's host initializes, another is refused (421)", async () => {
      const ok = await send(`${nginx.url}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, host: SITE_HOST },
        body: INITIALIZE,
      });
      assert.equal(ok.status, 200, ok.body.toString());
      assert.ok(ok.headers["mcp-session-id"]);
      const foreign = await send(`${nginx.url}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, host: "evil.example" },
        body: INITIALIZE,
      });
      assert.equal(foreign.status, 421);
      assert.match(foreign.body.toString(), /not \\"evil\.example\\"/);
    });

    it("passes an MCP event stream on as events come, the stream still open", async () => {
      const init = await send(`${nginx.url}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, host: SITE_HOST },
        body: INITIALIZE,
      });
      const session = init.headers["mcp-session-id"] as string;
      const headers = { ...MCP_HEADERS, host: SITE_HOST, "mcp-session-id": session };
      const initialized = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
      assert.equal((await send(`${nginx.url}/mcp`, { method: "POST", headers, body: initialized })).status, 202);

      let text = "";
      let ended = false;
      const req = request(`${nginx.url}/mcp`, { headers: { ...headers, accept: "text/event-stream" }, agent: false });
      const opened = new Promise<string | undefined>((resolve, reject) => {
        req.on("response", (res) => {
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => (ended = true));
          resolve(res.headers["content-type"]);
        });
        req.on("error", reject);
      });
      req.end();
      try {
        assert.equal(await opened, "text/event-stream");
        // A new release makes the sidecar tell every session on its event stream.
        await copies.publish(await copies.copy("release-for-the-stream"));
        const until = Date.now() + 15_000;
        while (!text.includes("New data published: release release-for-the-stream") && Date.now() < until)
          await new Promise((r) => setTimeout(r, 50));
        assert.match(text, /New data published: release release-for-the-stream/, `the stream carried: ${text}`);
        assert.equal(ended, false, "the event arrived while the stream stays open");
      } finally {
        req.destroy();
      }
    });

    it("proxies the hub: a publish ping is accepted, a bad request answered in plain text", async () => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const ping = await send(`${nginx.url}/api/websub/hub`, {
        method: "POST",
        headers: form,
        body: new URLSearchParams({ "hub.mode": "publish", "hub.url": `${TEST_SITE}/feed.xml` }).toString(),
      });
      assert.equal(ping.status, 202, ping.body.toString());
      const bad = await send(`${nginx.url}/api/websub/hub`, {
        method: "POST",
        headers: form,
        body: "hub.mode=subscribe",
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.toString(), /hub\.topic: missing/);
      const health = await send(`${nginx.url}/healthz`);
      assert.equal(JSON.parse(health.body.toString()).hub_db, "ok");
    });
  });
}
