// Odd and hostile paths get a 404 JSON and never reach a file outside the release; other methods get 405 with Allow.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { decodeRequestPath, requestPath, requestQuery } from "../../../sidecar/static/request-path.ts";
import { type Fixture, fixture, SECRET } from "./fixture.ts";

describe("static files: paths and methods", () => {
  let f: Fixture;
  before(async () => (f = await fixture()));
  after(() => f.cleanup());

  async function assertNotFound(res: Response, label: string) {
    assert.equal(res.status, 404, label);
    assert.match(res.headers.get("content-type")!, /^application\/json/, label);
    const text = await res.text();
    assert.ok(!text.includes(SECRET), `${label}: leaked a file outside the release`);
    const body = JSON.parse(text);
    assert.equal(body.code, "not_found", label);
    assert.equal(typeof body.message, "string", label);
  }

  it("answers an unknown path with 404 {code, message}", async () => {
    await assertNotFound(await f.app.request("/nope.json"), "/nope.json");
  });

  it("does not serve manifest.json, _headers, the release database or the precompressed files by their own names", async () => {
    for (const p of [
      "/manifest.json",
      "/_headers",
      "/release.sqlite",
      "/reviews.json.br",
      "/reviews.json.gz",
      "/index.html",
      "/developers/index.html",
    ]) {
      await assertNotFound(await f.app.request(p), p);
    }
  });

  // app.request() parses the URL (resolving dot segments); the raw target is what node-server passes as incoming.url.
  const hostile = [
    "/../secret.txt",
    "/../../etc/passwd",
    "/%2e%2e/secret.txt",
    "/.%2e/secret.txt",
    "/a%2Fb",
    "/a%2f..%2fsecret.txt",
    "/..%5Csecret.txt",
    "/%5c..%5csecret.txt",
    "/reviews.json%00",
    "/%00",
    "/%E0%A4%A",
    "/%",
    "/%zz",
    "/..\\secret.txt",
    "/a\\b",
    `/${"a".repeat(5000)}`,
    "//etc/passwd",
    "/reviews.json/",
  ];
  for (const raw of hostile) {
    it(`refuses ${JSON.stringify(raw.length > 40 ? raw.slice(0, 40) + "..." : raw)} (as parsed and as sent)`, async () => {
      await assertNotFound(await f.app.request(`http://localhost${raw}`), `parsed ${raw}`);
      await assertNotFound(
        await f.app.request("http://localhost/", {}, { incoming: { url: raw } as never }),
        `raw ${raw}`,
      );
    });
  }

  // URL parsing resolves these to a published path, which a client parsing its URL the same way asks for anyway.
  for (const [raw, parsed] of [
    ["/%2E%2E/", "/"],
    ["/./reviews.json", "/reviews.json"],
    ["/a/../reviews.json", "/reviews.json"],
  ] as const) {
    it(`refuses ${JSON.stringify(raw)} as sent; as parsed it is ${parsed}`, async () => {
      await assertNotFound(
        await f.app.request("http://localhost/", {}, { incoming: { url: raw } as never }),
        `raw ${raw}`,
      );
      const res = await f.app.request(`http://localhost${raw}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("etag"), f.site.manifest.files[parsed]!.etag);
    });
  }

  it("accepts a percent-encoded form of a published path", async () => {
    const res = await f.app.request("/reviews%2Ejson");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("etag"), f.site.manifest.files["/reviews.json"]!.etag);
  });

  it("answers other methods on a known path with 405 JSON and Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await f.app.request("/reviews.json", { method, body: method === "DELETE" ? null : "{}" });
      assert.equal(res.status, 405, method);
      assert.match(res.headers.get("allow")!, /^GET, HEAD\b/);
      assert.equal((await res.json()).code, "method_not_allowed");
    }
    assert.equal((await f.app.request("/unknown", { method: "POST", body: "x" })).status, 404);
  });

  it("answers OPTIONS (CORS preflight) with 204, Allow and the CORS headers", async () => {
    const res = await f.app.request("/reviews.json", {
      method: "OPTIONS",
      headers: {
        origin: "https://a.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "if-none-match",
      },
    });
    assert.equal(res.status, 204);
    assert.match(res.headers.get("allow")!, /GET, HEAD/);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("access-control-allow-headers")!, /If-None-Match/);
  });

  it("extracts and decodes paths strictly (unit)", () => {
    assert.equal(requestPath("http://h/a/b?c=d", undefined), "/a/b");
    assert.equal(requestPath("http://h/parsed", "/raw?q"), "/raw");
    assert.equal(requestPath("http://h/parsed", "http://h/absolute-form"), "/parsed");
    assert.equal(requestQuery("/a?x=1#f"), "?x=1");
    assert.equal(requestQuery("/a?x=\u00e9 y"), "?x=%E9%20y");
    assert.equal(decodeRequestPath("/caf%C3%A9/"), "/café/");
    assert.equal(decodeRequestPath("/a%20b"), "/a b");
    for (const bad of ["/a%2fb", "/a%5Cb", "/%00", "/%E0%A4%A", "/%2e%2e/x", "/x/.", "/x/..", "/\u0001", "relative"]) {
      assert.equal(decodeRequestPath(bad), undefined, bad);
    }
  });
});
