// The review pages the sidecar renders: every permalink of the feeds answers with its review, in the static pages' card
// markup, with validators, encodings, framing denied, and listed in the sitemap.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { XMLParser } from "fast-xml-parser";
import { sampleRelease, TEST_SITE } from "../../helpers/build.ts";
import { releaseCopies } from "../../helpers/release-copy.ts";
import { startTestSidecar } from "../../helpers/sidecar.ts";
import { servedSample } from "./served-sample.ts";

const served = servedSample();
const file = (rel: string) => served.file(rel);
const local = (url: string) => url.replace(TEST_SITE, "");
/** The card of review `id` in a page: from its <article> to the matching </article> (cards hold no articles). */
const card = (html: string, id: string) => {
  const start = html.indexOf(`<article class="review" id="review-${id}"`);
  return start === -1 ? undefined : html.slice(start, html.indexOf("</article>", start) + "</article>".length);
};

describe("review pages", () => {
  it("every permalink of the Atom and JSON feeds answers 200 with that review, and Atom entries carry its language", async () => {
    const atom = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(await file("feed.xml"));
    const json = JSON.parse(await file("api/feed.json")) as { items: { url: string; language: string }[] };
    const entries = atom.feed.entry as { link: { href: string }; "xml:lang": string }[];
    assert.equal(entries.length, 50);
    const byId = new Map(served.dataset.reviews.map((r) => [r.id, r]));
    const links = [...entries.map((e) => e.link.href), ...json.items.map((i) => i.url)];
    for (const [i, e] of entries.entries()) assert.equal(e["xml:lang"], json.items[i]!.language);
    for (const link of links) {
      const id = /^https:\/\/reviews\.example\.test\/reviews\/([\w-]+)\/$/.exec(link)?.[1];
      assert.ok(id && byId.has(id), `${link} names a review`);
      const res = await served.sc.get(local(link));
      assert.equal(res.status, 200, link);
      const html = await res.text();
      assert.ok(card(html, id), `${link} shows review ${id}`);
      assert.ok(html.includes(`<link rel="canonical" href="${link}">`), `${link} is its own canonical URL`);
    }
  });

  it("shows the card of the static pages, the owner's reply and mentions as links, and Review JSON-LD", async () => {
    const listing = await (await served.sc.get("/reviews/")).text();
    const r = served.dataset.reviews.slice(0, 50).find((x) => x.owner_reply && x.mentions.technicians.length > 0);
    assert.ok(r, "the sample has a recent review with a reply and a technician");
    const html = await (await served.sc.get(`/reviews/${r.id}/`)).text();
    assert.equal(card(html, r.id), card(listing, r.id));
    assert.ok(card(html, r.id)!.includes(`<a href="/technicians/${r.mentions.technicians[0]}/">`));
    assert.ok(card(html, r.id)!.includes(`<p class="reply-text">`));
    assert.ok(card(listing, r.id)!.includes(`<a class="review-link" href="/reviews/${r.id}/">`), "listing links it");
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const review = ld.find((d) => d["@type"] === "Review");
    assert.equal(review.url, `${TEST_SITE}/reviews/${r.id}/`);
    assert.deepEqual(review.itemReviewed, { "@id": `${TEST_SITE}/#business` });
    assert.equal(review.reviewRating.ratingValue, r.rating);
    const business = ld
      .flatMap((d) => d["@graph"] ?? [])
      .find((n: { "@id": string }) => n["@id"] === review.itemReviewed["@id"]);
    assert.equal(business.aggregateRating.ratingCount, served.dataset.aggregate_rating.count);
  });

  it("answers with ETags, 304s and brotli, denies framing, and 404s an unknown id", async () => {
    const id = served.dataset.reviews[3]!.id;
    const plain = { "accept-encoding": "identity" };
    const first = await fetch(`${served.sc.url}/reviews/${id}/`, { headers: plain });
    const etag = first.headers.get("etag")!;
    assert.match(etag, /^"[\w-]{22}"$/);
    assert.equal(first.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(first.headers.get("content-security-policy"), "frame-ancestors 'none'");
    const again = await fetch(`${served.sc.url}/reviews/${id}/`, { headers: { ...plain, "if-none-match": etag } });
    assert.equal(again.status, 304);
    const br = await fetch(`${served.sc.url}/reviews/${id}/`, { headers: { "accept-encoding": "br" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.equal(await br.text(), await first.text());
    assert.notEqual(br.headers.get("etag"), etag);
    const bare = await fetch(`${served.sc.url}/reviews/${id}`, { redirect: "manual" });
    assert.equal(bare.status, 308);
    assert.equal(bare.headers.get("location"), `/reviews/${id}/`);
    assert.equal((await served.sc.get("/reviews/no-such-review/")).status, 404);
    assert.equal((await served.sc.get("/reviews/page/1/")).status, 200, "archive pages stay the release's files");
  });

  it("sitemaps of their own list every review page, oldest first, so a new review changes only the last", async () => {
    const index = await file("sitemap-index.xml");
    assert.ok(index.includes(`<loc>${TEST_SITE}/sitemap-reviews-0.xml</loc>`));
    const xml = await file("sitemap-reviews-0.xml");
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.deepEqual(listed, served.dataset.reviews.map((r) => `${TEST_SITE}/reviews/${r.id}/`).reverse());
    assert.ok(!(await file("sitemap-0.xml")).includes("review-page-shell"), "the shell is not a page");
  });
});

describe("review pages of a release built without them", () => {
  it("answer 503 naming the remedy, while the release's files are served", async () => {
    const copies = await releaseCopies(await sampleRelease());
    const dir = await copies.current();
    const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8"));
    delete manifest.review_shell;
    await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    const sc = await startTestSidecar(copies.distDir);
    try {
      const res = await sc.get(`/reviews/${served.dataset.reviews[0]!.id}/`);
      assert.equal(res.status, 503);
      assert.equal(((await res.json()) as { code: string }).code, "no_review_pages");
      assert.equal((await sc.get("/reviews/")).status, 200);
    } finally {
      await sc.stop();
      await copies.cleanup();
    }
  });
});
