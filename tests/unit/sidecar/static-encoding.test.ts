// Content-coding negotiation: br/gzip/identity by Accept-Encoding q-values, each with its own ETag and decoding to the same bytes.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parseAcceptEncoding } from "../../../sidecar/http/negotiate.ts";
import { type Fixture, fixture } from "./fixture.ts";

describe("static files: encodings", () => {
  let f: Fixture;
  let identity: Buffer;
  before(async () => {
    f = await fixture();
    identity = Buffer.from(await (await f.app.request("/reviews.json")).arrayBuffer());
  });
  after(() => f.cleanup());

  const get = (acceptEncoding?: string) =>
    f.app.request(
      "/reviews.json",
      acceptEncoding === undefined ? {} : { headers: { "accept-encoding": acceptEncoding } },
    );

  for (const [header, expected] of [
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR;Q=0.9, GZIP;Q=0.1", "br"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["br;q=0.5, identity", null],
    ["br;q=0, gzip;q=0", null],
    ["identity;q=0, br;q=0, gzip;q=0", null],
    ["deflate, zstd", null],
    ["gzip;q=nonsense", null],
  ] as const) {
    it(`Accept-Encoding ${header === undefined ? "absent" : JSON.stringify(header)} -> ${expected ?? "identity"}`, async () => {
      const res = await get(header);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-encoding"), expected);
      assert.equal(res.headers.get("vary"), "Accept-Encoding");
      const body = Buffer.from(await res.arrayBuffer());
      const decoded = expected === "br" ? brotliDecompressSync(body) : expected === "gzip" ? gunzipSync(body) : body;
      assert.ok(decoded.equals(identity), "decodes to the identity bytes");
      assert.equal(res.headers.get("content-length"), String(body.length));
    });
  }

  it("gives each encoding its own ETag, the manifest's", async () => {
    const e = f.site.manifest.files["/reviews.json"]!;
    const tags = await Promise.all(["identity", "gzip", "br"].map(async (c) => (await get(c)).headers.get("etag")));
    assert.deepEqual(tags, [e.etag, e.encodings.gzip!.etag, e.encodings.br!.etag]);
    assert.equal(new Set(tags).size, 3);
  });

  it("matches If-None-Match against the negotiated representation only", async () => {
    const e = f.site.manifest.files["/reviews.json"]!;
    const br = await f.app.request("/reviews.json", {
      headers: { "accept-encoding": "br", "if-none-match": e.encodings.br!.etag },
    });
    assert.equal(br.status, 304);
    assert.equal(br.headers.get("etag"), e.encodings.br!.etag);
    const identityWithBrTag = await f.app.request("/reviews.json", {
      headers: { "if-none-match": e.encodings.br!.etag },
    });
    assert.equal(identityWithBrTag.status, 200);
    const gzipWithIdentityTag = await f.app.request("/reviews.json", {
      headers: { "accept-encoding": "gzip", "if-none-match": e.etag },
    });
    assert.equal(gzipWithIdentityTag.status, 200);
    assert.equal(gzipWithIdentityTag.headers.get("content-encoding"), "gzip");
  });

  it("sends files without encodings as they are", async () => {
    const res = await f.app.request("/favicon.ico", { headers: { "accept-encoding": "br, gzip" } });
    assert.equal(res.headers.get("content-encoding"), null);
    assert.equal(res.headers.get("etag"), f.site.manifest.files["/favicon.ico"]!.etag);
  });

  it("ranks codings by q, then br > gzip > identity (unit)", () => {
    assert.deepEqual(parseAcceptEncoding(null), ["identity"]);
    assert.deepEqual(parseAcceptEncoding("gzip, br"), ["br", "gzip", "identity"]);
    assert.deepEqual(parseAcceptEncoding("identity;q=0.2, gzip;q=0.5"), ["gzip", "identity"]);
    assert.deepEqual(parseAcceptEncoding("*;q=0"), []);
    assert.deepEqual(parseAcceptEncoding("*;q=0, identity;q=0.1"), ["identity"]);
  });
});
