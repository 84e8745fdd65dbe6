// Browser tests of the catalog and aspect pages (their numbers agree with /reviews.json) and of what the site offers machines.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright";
import type { Review } from "../../src/lib/schema/review.ts";
import { browseSite } from "./helpers/browsing.ts";
import { chartTable, distribution, jsonLdNodes, mean, num, shownRating, shownReviewIds } from "./helpers/expect.ts";
import type { ServedSite } from "./helpers/site.ts";

const ENTITY_SHOWN = 20;

let site: ServedSite;
let page: Page;
const browsing = browseSite((b) => ({ site, page } = b));
const open = (path: string) => browsing.open(path);

/** Rating summary, distribution table and newest reviews of a technician, service or aspect page. */
async function checkEntityPage(path: string, reviews: Review[]) {
  await open(path);
  if (reviews.length === 0) {
    // Nothing to average: the page says so in words, not with a zero.
    assert.match((await page.locator(".lead, [data-aspect-summary]").first().textContent())!, /No reviews .* yet/);
    assert.equal(await page.locator("[data-stat]").count(), 0, `${path}: no rating summary`);
  } else
    assert.deepEqual(
      await shownRating(page),
      { average: mean(reviews), count: reviews.length },
      `${path}: rating summary`,
    );
  if (reviews.length > 0) {
    const table = await chartTable(page, "chart-distribution");
    for (const [stars, n] of Object.entries(distribution(reviews))) {
      assert.equal(
        num(table.rows.get(`${stars} star${stars === "1" ? "" : "s"}`)?.[0]),
        n,
        `${path}: ${stars}-star count`,
      );
    }
  }
  assert.deepEqual(
    await shownReviewIds(page),
    reviews.slice(0, ENTITY_SHOWN).map((r) => r.id),
    `${path}: newest reviews`,
  );
}

describe("entity pages", () => {
  test("every technician page matches the reviews mentioning them", async () => {
    for (const t of site.dataset.business.technicians) {
      await checkEntityPage(
        `/technicians/${t.id}/`,
        site.dataset.reviews.filter((r) => r.mentions.technicians.includes(t.id)),
      );
      const person = (await jsonLdNodes(page)).find((n) => n["@type"] === "Person");
      assert.equal(person?.["name"], t.name);
    }
  });

  test("every service page matches the reviews mentioning it", async () => {
    for (const s of site.dataset.business.services) {
      await checkEntityPage(
        `/services/${s.id}/`,
        site.dataset.reviews.filter((r) => r.mentions.services.includes(s.id)),
      );
    }
  });

  test("every aspect page matches the reviews annotated with it", async () => {
    const aspectsOf = (r: Review) =>
      ((r as unknown as { aspects?: { aspect: string }[] }).aspects ?? []).map((a) => a.aspect);
    for (const a of site.insights.aspects) {
      await checkEntityPage(
        `/aspects/${a.id}/`,
        site.dataset.reviews.filter((r) => aspectsOf(r).includes(a.id)),
      );
    }
  });
});

describe("for machines", () => {
  test("robots.txt names the sitemap, which lists the pages", async () => {
    const robots = await (await fetch(`${site.origin}/robots.txt`)).text();
    assert.match(robots, new RegExp(`Sitemap: ${site.siteUrl}/sitemap-index.xml`));
    const index = await (await fetch(`${site.origin}/sitemap-index.xml`)).text();
    const first = /<loc>[^<]*\/(sitemap-0\.xml)<\/loc>/.exec(index)?.[1];
    assert.ok(first, index);
    const sitemap = await (await fetch(`${site.origin}/${first}`)).text();
    for (const p of [
      "/",
      "/reviews/",
      "/search/",
      "/developers/",
      `/technicians/${site.dataset.business.technicians[0]!.id}/`,
    ]) {
      assert.ok(sitemap.includes(`<loc>${site.siteUrl}${p}</loc>`), `sitemap lists ${p}`);
    }
  });

  test("llms.txt tells agents where the datasets, feeds and MCP endpoint are", async () => {
    const res = await fetch(`${site.origin}/llms.txt`);
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /^# /);
    for (const p of [
      "/reviews.json",
      "/insights.json",
      "/api/feed.json",
      "/feed.xml",
      "/mcp",
      "/.well-known/openapi.json",
    ])
      assert.ok(text.includes(site.siteUrl + p), p);
  });

  test("every page links both feeds", async () => {
    for (const p of ["/", "/reviews/", "/developers/"]) {
      await open(p);
      assert.equal(
        await page.locator('link[rel=alternate][type="application/atom+xml"]').getAttribute("href"),
        `${site.siteUrl}/feed.xml`,
      );
      assert.equal(
        await page.locator('link[rel=alternate][type="application/feed+json"]').getAttribute("href"),
        `${site.siteUrl}/api/feed.json`,
      );
    }
  });

  test("the developer page documents every operation of the published OpenAPI document", async () => {
    const res = await fetch(`${site.origin}/.well-known/openapi.json`);
    assert.equal(res.status, 200, "the OpenAPI document is published");
    const doc = (await res.json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    await open("/developers/");
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) {
        const section = page.locator(`[id="op-${op.operationId}"]`);
        assert.equal(await section.count(), 1, `${path} (${op.operationId})`);
        assert.ok((await section.locator("h3 code").first().textContent()) === path);
      }
    }
    for (const tool of ["get_business", "search_reviews"])
      assert.equal(await page.locator(`[id="tool-${tool}"]`).count(), 1, tool);
    assert.equal(await page.locator("#websub-guide").count(), 1);
  });
});
