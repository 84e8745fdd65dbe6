// The search page without a script: a GET of /search/ with a query string comes back with that search's results in
// the page (the same cards and order as the API's), a bad query with its problems, and no query with the static page;
// compressed for a browser that accepts it, with an ETag per coding.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import zlib from "node:zlib";
import { servedSample } from "./served-sample.ts";

const s = servedSample();
const cardIds = (html: string) => [...html.matchAll(/<article class="review" id="review-([^"]+)"/g)].map((m) => m[1]);

describe("the search page answered by the sidecar", () => {
  it("holds the results of the query in the address, as the search API gives them, with a link to the next ones", async () => {
    const query = "query=water&min_rating=4&limit=5";
    const res = await s.sc.get(`/search/?${query}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    assert.equal(res.headers.get("content-security-policy"), "frame-ancestors 'none'");
    const html = await res.text();
    const api = (await (await s.sc.get(`/api/reviews/search?${query}`)).json()) as {
      total: number;
      next_cursor: string | null;
      reviews: { id: string }[];
    };
    assert.ok(api.total > 5, "the sample has more than a page of them");
    assert.deepEqual(
      cardIds(html),
      api.reviews.map((r) => r.id),
    );
    assert.match(html, new RegExp(`${api.total} reviews match; showing 5\\.`));
    // The form says what was asked, as the page's script would set it.
    assert.match(html, /<input id="f-query" name="query" type="search" value="water"/);
    assert.match(html, /<input type="radio" name="min_rating" value="4" checked>/);
    assert.match(html, /<input type="radio" name="min_rating" value="">/);
    assert.match(html, /<input id="f-limit" name="limit" type="number" value="5"/);
    const byTechnician = await (await s.sc.get("/search/?mentions_technician=rosa-delgado&rating=")).text();
    assert.match(byTechnician, /<option value="rosa-delgado" selected>/);
    const next = /<a href="(\/search\/\?[^"]+)">Next results<\/a>/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    assert.ok(next?.includes(`cursor=${encodeURIComponent(api.next_cursor!)}`), next);
    const second = await (await s.sc.get(next!)).text();
    assert.equal(cardIds(second).length, 5);
    assert.ok(!cardIds(second).some((id) => cardIds(html).includes(id)), "the next page holds other reviews");
  });

  it("says what is wrong with a bad query, and serves the static page when there is none", async () => {
    const bad = await s.sc.get("/search/?rating=9");
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /<div id="search-errors" class="search-errors" role="alert"><ul><li>rating: /);
    assert.equal(await (await s.sc.get("/search/")).text(), await s.file("search/index.html"));
  });

  it("compresses the page for br and gzip, with Vary, an ETag per coding and 304s; a bad query is not kept", async () => {
    // The app itself, as the listener gets it: fetch() would decode the body before the test sees it.
    const get = (p: string, headers: Record<string, string>) => s.sc.sidecar.app.request(p, { headers });
    const url = "/search/?query=water";
    const plain = await get(url, { "accept-encoding": "identity" });
    const html = await plain.text();
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.ok(html.length > 20_000, `${html.length} bytes`);
    const etags = new Set([plain.headers.get("etag")]);
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [coding, decode] of Object.entries(decoders)) {
      const res = await get(url, { "accept-encoding": `${coding}, identity;q=0.5` });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-encoding"), coding);
      assert.equal(res.headers.get("vary"), "Accept-Encoding");
      const body = Buffer.from(await res.arrayBuffer());
      assert.equal(Number(res.headers.get("content-length")), body.length);
      assert.ok(body.length < html.length / 4, `${coding}: ${body.length} of ${html.length} bytes`);
      assert.equal(decode(body).toString(), html);
      const etag = res.headers.get("etag")!;
      etags.add(etag);
      const again = await get(url, { "accept-encoding": coding, "if-none-match": etag });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get("etag"), etag);
      assert.equal(await again.text(), "");
      // The identity page's ETag names another representation.
      const other = await get(url, { "accept-encoding": coding, "if-none-match": plain.headers.get("etag")! });
      assert.equal(other.status, 200);
    }
    assert.equal(etags.size, 3, "one ETag per coding");
    const bad = await get("/search/?rating=9", { "accept-encoding": "gzip" });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get("content-encoding"), "gzip");
    assert.equal(bad.headers.get("cache-control"), "no-store");
    assert.equal(bad.headers.get("etag"), null);
  });
});
