// Conditional GETs: If-None-Match (exact, list, *, weak) before If-Modified-Since, 304s with the right headers and no body.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { evaluatePreconditions, matchesEtag } from "../../../sidecar/http/conditional.ts";
import { type Fixture, fixture } from "./fixture.ts";

describe("static files: conditional requests", () => {
  let f: Fixture;
  let etag: string;
  let lastModified: string;
  before(async () => {
    f = await fixture();
    etag = f.site.manifest.files["/reviews.json"]!.etag;
    lastModified = f.site.manifest.files["/reviews.json"]!.last_modified;
  });
  after(() => f.cleanup());

  const get = (headers: Record<string, string>, method = "GET") => f.app.request("/reviews.json", { method, headers });

  async function assertNotModified(res: Response) {
    assert.equal(res.status, 304);
    assert.equal(await res.text(), "");
    assert.equal(res.headers.get("etag"), etag);
    assert.equal(res.headers.get("cache-control"), f.site.manifest.files["/reviews.json"]!.cache_control);
    assert.equal(res.headers.get("vary"), "Accept-Encoding");
    assert.equal(res.headers.get("last-modified"), lastModified);
    assert.equal(res.headers.get("link"), f.site.manifest.files["/reviews.json"]!.link);
    assert.equal(res.headers.get("content-length"), null);
    assert.equal(res.headers.get("content-type"), null);
  }

  it("gives 304 for the exact ETag", async () => assertNotModified(await get({ "if-none-match": etag })));
  it("gives 304 when the ETag is in a list", async () =>
    assertNotModified(await get({ "if-none-match": `"other", ${etag} , "x"` })));
  it("gives 304 for *", async () => assertNotModified(await get({ "if-none-match": "*" })));
  it("gives 304 for the weak form (weak comparison)", async () =>
    assertNotModified(await get({ "if-none-match": `W/${etag}` })));
  it("gives 304 on HEAD too", async () => assertNotModified(await get({ "if-none-match": etag }, "HEAD")));

  it("gives 200 with the body for another ETag", async () => {
    const res = await get({ "if-none-match": '"somethingelse12345"' });
    assert.equal(res.status, 200);
    assert.ok((await res.text()).length > 0);
  });

  it("does not take a prefix or a fragment of the ETag for a match", async () => {
    assert.equal((await get({ "if-none-match": etag.slice(0, -2) + '"' })).status, 200);
    assert.equal((await get({ "if-none-match": etag.slice(1, -1) })).status, 200);
  });

  it("gives 304 for If-Modified-Since equal to or later than Last-Modified", async () => {
    await assertNotModified(await get({ "if-modified-since": lastModified }));
    const later = new Date(Date.parse(lastModified) + 86_400_000).toUTCString();
    await assertNotModified(await get({ "if-modified-since": later }));
  });

  it("gives 200 for an earlier If-Modified-Since, and ignores one that is not a date", async () => {
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    assert.equal((await get({ "if-modified-since": earlier })).status, 200);
    assert.equal((await get({ "if-modified-since": "yesterday-ish" })).status, 200);
  });

  it("ignores If-Modified-Since when If-None-Match is present and does not match", async () => {
    const res = await get({ "if-none-match": '"stale-etag-000000000"', "if-modified-since": lastModified });
    assert.equal(res.status, 200);
    assert.ok((await res.arrayBuffer()).byteLength > 0);
  });

  it("answers 412 JSON when If-Match fails, and serves when it matches", async () => {
    const res = await get({ "if-match": '"not-this-one-000000"' });
    assert.equal(res.status, 412);
    assert.equal((await res.json()).code, "precondition_failed");
    assert.equal((await get({ "if-match": etag })).status, 200);
    assert.equal((await get({ "if-match": `W/${etag}` })).status, 412, "If-Match uses strong comparison");
  });

  it("compares ETags without allocating surprises (unit)", () => {
    assert.equal(matchesEtag(`W/"a", "b"`, `"b"`, false), true);
    assert.equal(matchesEtag(`W/"b"`, `"b"`, true), false);
    assert.equal(matchesEtag(`"b`, `"b"`, false), false);
    assert.equal(matchesEtag(`b`, `"b"`, false), false);
    assert.equal(matchesEtag(` * `, `"b"`, false), true);
    assert.equal(matchesEtag(``, `"b"`, false), false);
  });

  it("orders the preconditions as RFC 9110 13.2.2 does (unit)", () => {
    const v = {
      etag: '"e"',
      lastModified: "Sun, 01 Jun 2025 12:00:00 GMT",
      lastModifiedMs: Date.parse("2025-06-01T12:00:00Z"),
    };
    const h = (o: Record<string, string>) => new Headers(o);
    assert.equal(evaluatePreconditions(h({ "if-match": '"x"', "if-none-match": '"e"' }), v), 412);
    assert.equal(evaluatePreconditions(h({ "if-unmodified-since": "Sat, 31 May 2025 00:00:00 GMT" }), v), 412);
    assert.equal(evaluatePreconditions(h({ "if-unmodified-since": "Sun, 01 Jun 2025 12:00:00 GMT" }), v), 200);
    assert.equal(evaluatePreconditions(h({ "if-none-match": '"x"', "if-modified-since": v.lastModified }), v), 200);
    assert.equal(evaluatePreconditions(h({ "if-modified-since": "Sunday, 01-Jun-25 12:00:00 GMT" }), v), 304);
  });
});
