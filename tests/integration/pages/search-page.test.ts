// The search page without a script: a GET of /search/ with a query string comes back with that search's results in
// the page (the same cards and order as the API's), a bad query with its problems, and no query with the static page.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
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
});
