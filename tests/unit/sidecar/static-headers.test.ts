// The static handler serves what the manifest says: types, validators, caching, topic Links, CORS, HEAD and redirects.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type Fixture, fixture } from "./fixture.ts";

describe("static files: headers", () => {
  let f: Fixture;
  before(async () => (f = await fixture()));
  after(() => f.cleanup());

  const entry = (urlPath: string) => f.site.manifest.files[urlPath]!;

  it("answers each published path with the manifest's Content-Type", async () => {
    for (const [urlPath, type] of [
      ["/reviews.json", "application/json; charset=utf-8"],
      ["/insights.json", "application/json; charset=utf-8"],
      ["/api/feed.json", "application/json; charset=utf-8"],
      ["/feed.xml", "application/atom+xml; charset=utf-8"],
      ["/", "text/html; charset=utf-8"],
      ["/developers/", "text/html; charset=utf-8"],
      ["/favicon.ico", "image/x-icon"],
    ]) {
      const res = await f.app.request(urlPath!);
      assert.equal(res.status, 200, urlPath);
      assert.equal(res.headers.get("content-type"), type, urlPath);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    }
  });

  it("sends the identity bytes with ETag, Last-Modified, Cache-Control and Content-Length from the manifest", async () => {
    const res = await f.app.request("/reviews.json");
    const e = entry("/reviews.json");
    assert.equal(res.headers.get("etag"), e.etag);
    assert.equal(res.headers.get("last-modified"), e.last_modified);
    assert.equal(res.headers.get("cache-control"), e.cache_control);
    assert.equal(res.headers.get("content-length"), String(e.bytes));
    assert.equal(res.headers.get("content-encoding"), null);
    const body = await res.json();
    assert.equal(body.business.name, "Acme Plumbing");
  });

  it("sends Link with the hub and self on the three WebSub topics only", async () => {
    for (const topic of ["/reviews.json", "/api/feed.json", "/feed.xml"]) {
      const link = (await f.app.request(topic)).headers.get("link");
      assert.equal(link, entry(topic).link);
      assert.match(link!, /rel="hub"/);
      assert.match(link!, new RegExp(`<https://reviews\\.example\\.test${topic.replace(".", "\\.")}>; rel="self"`));
    }
    assert.equal((await f.app.request("/insights.json")).headers.get("link"), null);
  });

  it("sends Vary: Accept-Encoding on files that have encodings, and not on the others", async () => {
    assert.equal((await f.app.request("/reviews.json")).headers.get("vary"), "Accept-Encoding");
    assert.equal((await f.app.request("/favicon.ico")).headers.get("vary"), null);
  });

  it("lets any origin read, and exposes the validators and Link to scripts", async () => {
    const res = await f.app.request("/reviews.json", { headers: { origin: "https://elsewhere.example" } });
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("access-control-expose-headers")!, /ETag/);
    assert.match(res.headers.get("access-control-expose-headers")!, /Link/);
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const get = await f.app.request("/reviews.json", { headers: { "accept-encoding": "gzip" } });
    const head = await f.app.request("/reviews.json", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    assert.equal(head.status, 200);
    for (const h of [
      "content-type",
      "content-length",
      "content-encoding",
      "etag",
      "last-modified",
      "cache-control",
      "vary",
      "link",
    ]) {
      assert.equal(head.headers.get(h), get.headers.get(h), h);
    }
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  });

  it("ignores Authorization", async () => {
    const plain = await f.app.request("/reviews.json");
    const withAuth = await f.app.request("/reviews.json", { headers: { authorization: "Bearer nonsense" } });
    assert.equal(withAuth.status, 200);
    assert.equal(withAuth.headers.get("etag"), plain.headers.get("etag"));
    assert.equal(await withAuth.text(), await plain.text());
    assert.equal((await f.app.request("/nope", { headers: { authorization: "Basic eDp5" } })).status, 404);
  });

  it("redirects a directory path without its slash with 308, keeping the query", async () => {
    const res = await f.app.request("/developers?x=1");
    assert.equal(res.status, 308);
    assert.equal(res.headers.get("location"), "/developers/?x=1");
    assert.equal((await f.app.request("/developers/")).status, 200);
  });

  it("serves a path whatever its query string", async () => {
    const res = await f.app.request("/reviews.json?utm=1");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("etag"), entry("/reviews.json").etag);
  });
});
