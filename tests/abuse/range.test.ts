// Single byte ranges on static files (RFC 9110 14): 206 with Content-Range on the representation sent, 416 when none of
// it is in range, If-Range by strong ETag or exact Last-Modified, the full 200 for anything else; streamed or sliced.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { sampleRelease } from "../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

const FILE = "/reviews.json";

/** A GET whose body arrives as sent (fetch would decode a Content-Encoding, and fail on a part of it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

for (const mode of ["streamed from disk", "sliced from memory"] as const) {
  describe(`Range on a static file ${mode}`, () => {
    let sc: TestSidecar;
    let full: Buffer;
    let brotli: Buffer;
    let etag: string;
    let lastModified: string;

    const get = async (headers: Record<string, string>, method = "GET") => {
      const res = await fetch(`${sc.url}${FILE}`, { method, headers: { "accept-encoding": "identity", ...headers } });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };

    before(async () => {
      sc = await startTestSidecar(await sampleRelease(), mode === "streamed from disk" ? { STATIC_CACHE_MB: "0" } : {});
      if (mode === "sliced from memory") {
        const file = sc.sidecar.releases.current().files.get(FILE)!;
        while (file.identity.body === undefined || file.br?.body === undefined)
          await new Promise((r) => setTimeout(r, 10));
      }
      const plain = await get({});
      full = plain.body;
      etag = plain.res.headers.get("etag")!;
      lastModified = plain.res.headers.get("last-modified")!;
      brotli = (await rawGet(`${sc.url}${FILE}`, { "accept-encoding": "br" })).body;
    });
    after(() => sc.stop());

    it("says Accept-Ranges: bytes on every 200", async () => {
      const { res } = await get({});
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("accept-ranges"), "bytes");
      const home = await fetch(`${sc.url}/`);
      await home.arrayBuffer();
      assert.equal(home.headers.get("accept-ranges"), "bytes");
    });

    it("answers bytes=a-b, bytes=a- and bytes=-n with 206 and the slice", async () => {
      const n = full.length;
      const cases: Array<[string, number, number]> = [
        ["bytes=0-9", 0, 9],
        ["bytes=100-", 100, n - 1],
        ["bytes=-20", n - 20, n - 1],
        ["bytes=5-99999999999", 5, n - 1],
        [`bytes=${n - 1}-${n - 1}`, n - 1, n - 1],
        ["bytes=-99999999999", 0, n - 1],
        ["BYTES=1-2", 1, 2],
      ];
      for (const [range, start, end] of cases) {
        const { res, body } = await get({ range });
        assert.equal(res.status, 206, range);
        assert.equal(res.headers.get("content-range"), `bytes ${start}-${end}/${n}`, range);
        assert.equal(res.headers.get("content-length"), String(end - start + 1), range);
        assert.equal(res.headers.get("etag"), etag, range);
        assert.ok(body.equals(full.subarray(start, end + 1)), range);
      }
    });

    it("answers 416 with Content-Range: bytes */length when nothing is in range", async () => {
      for (const range of [`bytes=${full.length}-`, `bytes=${full.length + 10}-${full.length + 20}`, "bytes=-0"]) {
        const { res } = await get({ range });
        assert.equal(res.status, 416, range);
        assert.equal(res.headers.get("content-range"), `bytes */${full.length}`, range);
      }
    });

    it("sends the full 200 for several ranges, other units and malformed ranges", async () => {
      for (const range of [
        "bytes=0-1,5-6",
        "bytes=0-1, -5",
        "items=0-5",
        "bytes=5-1",
        "bytes=-",
        "bytes=a-b",
        "bytes 0-5",
      ]) {
        const { res, body } = await get({ range });
        assert.equal(res.status, 200, range);
        assert.equal(res.headers.get("content-range"), null, range);
        assert.ok(body.equals(full), range);
      }
    });

    it("honours If-Range only for the current strong ETag or the exact Last-Modified", async () => {
      assert.equal((await get({ range: "bytes=0-9", "if-range": etag })).res.status, 206);
      assert.equal((await get({ range: "bytes=0-9", "if-range": lastModified })).res.status, 206);
      for (const stale of [`W/${etag}`, '"not-the-current-one"', "Thu, 01 Jan 1970 00:00:00 GMT", "garbage"]) {
        const { res, body } = await get({ range: "bytes=0-9", "if-range": stale });
        assert.equal(res.status, 200, stale);
        assert.ok(body.equals(full), stale);
      }
    });

    it("applies the range to the encoded bytes when an encoding is chosen", async () => {
      const res = await rawGet(`${sc.url}${FILE}`, { "accept-encoding": "br", range: "bytes=10-19" });
      assert.equal(res.status, 206);
      assert.equal(res.headers["content-encoding"], "br");
      assert.equal(res.headers["content-range"], `bytes 10-19/${brotli.length}`);
      assert.ok(res.body.equals(brotli.subarray(10, 20)));
    });

    it("answers HEAD with the 206 headers and no body", async () => {
      const { res, body } = await get({ range: "bytes=0-9" }, "HEAD");
      assert.equal(res.status, 206);
      assert.equal(res.headers.get("content-range"), `bytes 0-9/${full.length}`);
      assert.equal(res.headers.get("content-length"), "10");
      assert.equal(body.length, 0);
    });

    it("lets 304 and 412 win over Range", async () => {
      assert.equal((await get({ range: "bytes=0-9", "if-none-match": etag })).res.status, 304);
      assert.equal((await get({ range: "bytes=0-9", "if-match": '"other"' })).res.status, 412);
    });
  });
}
