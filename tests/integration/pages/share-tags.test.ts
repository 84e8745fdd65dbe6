// Link previews: every kind of page carries the og: and Twitter card tags, with absolute URLs on SITE_URL, and the share
// image they name is the release's PNG, 1200×630, served with its manifest ETag; the image follows the data.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shareImagePng } from "../../../src/components/model/share-image.ts";
import type { Manifest } from "../../../src/lib/schema/manifest.ts";
import { TEST_SITE } from "../../helpers/build.ts";
import { servedSample } from "./served-sample.ts";

const served = servedSample();

/** The content of each <meta property|name=... content=...> of a page, by its property or name. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) tags.set(m[1]!, m[2]!);
  return tags;
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(bytes);
  assert.deepEqual([...buf.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "the PNG signature");
  assert.equal(buf.toString("latin1", 12, 16), "IHDR");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe("link previews", () => {
  it("home, insights, the listing pages and a review page: og: and Twitter tags with absolute URLs", async () => {
    const review = served.dataset.reviews[3]!;
    const paths = ["/", "/insights/", "/reviews/", "/reviews/page/1/", `/reviews/${review.id}/`];
    for (const p of paths) {
      const html = await served.page(p);
      const tags = metaTags(html);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)![1]!;
      assert.equal(canonical, new URL(p, TEST_SITE).href, p);
      assert.equal(tags.get("og:url"), canonical, `${p}: og:url is the canonical URL`);
      assert.equal(tags.get("og:type"), "website");
      assert.ok(tags.get("og:site_name")?.includes(served.dataset.business.name.replace(/&/g, "&amp;")));
      const title = /<title>([^<]+)<\/title>/.exec(html)![1]!;
      const description = /<meta name="description" content="([^"]+)"/.exec(html)![1]!;
      for (const key of ["og:title", "twitter:title"]) assert.equal(tags.get(key), title, `${p}: ${key}`);
      for (const key of ["og:description", "twitter:description"]) assert.equal(tags.get(key), description);
      for (const key of ["og:image", "twitter:image"]) assert.equal(tags.get(key), `${TEST_SITE}/share.png`);
      assert.equal(tags.get("og:image:width"), "1200");
      assert.equal(tags.get("og:image:height"), "630");
      // Words that stay true as reviews come: the archive pages a rebuild keeps carry the same alt as a clean build's.
      assert.match(tags.get("og:image:alt") ?? "", /^.+: average rating, number of reviews and share of each rating$/);
      assert.equal(tags.get("twitter:card"), "summary_large_image");
    }
    // The review page's own words, not the shell's slots.
    const reviewTags = metaTags(await served.page(`/reviews/${review.id}/`));
    assert.ok(!reviewTags.get("og:title")!.includes("__review_page_"));
    assert.ok(reviewTags.get("og:description")!.length > 20);
  });

  it("the share image is a 1200×630 PNG of the release, with its ETag, a 304 for it, and made from the data", async () => {
    const manifest = JSON.parse(await served.file("manifest.json")) as Manifest;
    const entry = manifest.files["/share.png"];
    assert.ok(entry, "the share image is a file of the release");
    const res = await served.sc.get("/share.png");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/png");
    assert.equal(res.headers.get("etag"), entry.etag);
    const body = new Uint8Array(await res.arrayBuffer());
    assert.equal(body.length, entry.bytes);
    assert.deepEqual(pngSize(body), { width: 1200, height: 630 });
    const again = await fetch(`${served.sc.url}/share.png`, { headers: { "if-none-match": entry.etag } });
    assert.equal(again.status, 304);

    const { business, aggregate_rating: rating } = served.dataset;
    assert.deepEqual(Buffer.from(shareImagePng(business.name, rating)), Buffer.from(body), "drawn from the data");
    const other = shareImagePng("Another Business", rating);
    assert.deepEqual(pngSize(other), { width: 1200, height: 630 });
    assert.notDeepEqual(Buffer.from(other), Buffer.from(body), "another name, another image");
    const moved = { ...rating, distribution: { ...rating.distribution, "5": rating.distribution["5"] + 50 } };
    assert.notDeepEqual(Buffer.from(shareImagePng(business.name, moved)), Buffer.from(body), "another distribution");
  });
});
