// The badge and the embeddable widget: the same count and average as the home page, /reviews.json and the JSON-LD;
// the widget small, script-free, noindex and the only thing any site may frame.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatCount, formatRating } from "../../../src/lib/charts/format.ts";
import { servedSample } from "./served-sample.ts";

const served = servedSample();
const page = (urlPath: string) => served.page(urlPath);
const WIDGETS = ["/embed/", "/embed/2-stars/", "/embed/3-stars/", "/embed/4-stars/", "/embed/5-stars/"];

describe("badge and widget", () => {
  it("the badge, the widgets, the home page and its JSON-LD agree with /reviews.json on count and average", async () => {
    const { count, average } = served.dataset.aggregate_rating;
    assert.ok(count > 0 && average !== null);
    const said = `${formatRating(average)} out of 5 from ${formatCount(count)} reviews`;
    for (const badge of ["/badge.svg", "/badge-dark.svg"]) {
      const svg = await page(badge);
      assert.ok(
        svg.includes(`<title id="t">${served.dataset.business.name.replace(/&/g, "&amp;")}: rated ${said}</title>`),
      );
      assert.ok(svg.includes(`>${formatRating(average)} · ${formatCount(count)} reviews</text>`), badge);
    }
    for (const widget of WIDGETS) {
      const html = await page(widget);
      assert.ok(html.includes(`data-count="${count}" data-average="${average}"`), widget);
      assert.ok(html.includes(`<strong>${formatRating(average)}</strong> out of 5 from ${formatCount(count)} reviews`));
    }
    const home = await page("/");
    assert.match(home, new RegExp(`data-stat="average"[^>]*>\\s*${formatRating(average).replace(".", "\\.")}\\s*<`));
    assert.match(home, new RegExp(`data-stat="count"[^>]*>\\s*${formatCount(count)}\\s*<`));
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(home)![1]!);
    const business = ld["@graph"].find((n: { aggregateRating?: unknown }) => n.aggregateRating);
    assert.equal(business.aggregateRating.ratingValue, average);
    assert.equal(business.aggregateRating.ratingCount, count);
  });

  it("a filtered widget shows only reviews with enough stars, newest first, says so and links to all reviews", async () => {
    for (const stars of [4, 5]) {
      const html = await page(`/embed/${stars}-stars/`);
      const shown = [...html.matchAll(/data-review-id="([\w-]+)" data-rating="(\d)"/g)].map((m) => m[1]);
      const expected = served.dataset.reviews.filter((r) => r.rating >= stars).slice(0, 5);
      assert.deepEqual(
        shown,
        expected.map((r) => r.id),
      );
      assert.ok(html.includes(`Showing only reviews with ${stars} stars or more; the rating counts all`));
      assert.ok(html.includes(`href="/reviews/" target="_blank" rel="noopener">Read all reviews</a>`));
    }
    const all = await page("/embed/");
    assert.ok(!all.includes("data-filtered"), "the unfiltered widget says nothing of a filter");
    const shown = [...all.matchAll(/data-review-id="([\w-]+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      shown,
      served.dataset.reviews.slice(0, 5).map((r) => r.id),
    );
  });

  it("widgets are under 30 KB with their styles, load nothing and run no script, and are noindex", async () => {
    for (const widget of WIDGETS) {
      const html = await page(widget);
      assert.ok(Buffer.byteLength(html) < 30 * 1024, `${widget}: ${Buffer.byteLength(html)} bytes`);
      assert.doesNotMatch(html, /<script|<link[^>]+stylesheet|\son[a-z]+=/i, widget);
      assert.ok(html.includes(`<meta name="robots" content="noindex">`), widget);
    }
  });

  it("only the widget's paths may be framed, by the sidecar's headers and the CDN's _headers file alike", async () => {
    for (const widget of WIDGETS)
      assert.equal((await served.sc.get(widget)).headers.get("content-security-policy"), "frame-ancestors *", widget);
    for (const other of ["/", "/reviews/", "/developers/", "/badge.svg", "/reviews.json"])
      assert.equal(
        (await served.sc.get(other)).headers.get("content-security-policy"),
        "frame-ancestors 'none'",
        other,
      );
    const blocks = (await served.file("_headers")).split("\n\n").map((b) => b.split("\n"));
    for (const [urlPath, ...headers] of blocks) {
      const frame = headers.find((h) => h.startsWith("  Content-Security-Policy: "));
      const expected = urlPath!.startsWith("/embed/") ? "frame-ancestors *" : "frame-ancestors 'none'";
      assert.equal(frame, `  Content-Security-Policy: ${expected}`, urlPath);
    }
  });
});
