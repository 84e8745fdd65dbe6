// Browser tests of the built site served by the sidecar: the numbers on every page agree with /reviews.json, charts are labelled, JSON-LD matches.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright";
import { browseSite } from "./helpers/browsing.ts";
import { chartTable, countsByPeriod, jsonLdNodes, mean, num, shownRating, shownReviewIds } from "./helpers/expect.ts";
import type { ServedSite } from "./helpers/site.ts";

const PER_PAGE = 50;

let site: ServedSite;
let page: Page;
const browsing = browseSite((b) => ({ site, page } = b));
const open = (path: string) => browsing.open(path);

describe("home and insights pages", () => {
  test("shows the aggregate rating of /reviews.json; /insights/ its distribution and timeline", async () => {
    const { aggregate_rating: rating, reviews } = site.dataset;
    await open("/");
    assert.deepEqual(await shownRating(page), { average: rating.average, count: rating.count });
    await open("/insights/");
    const dist = await chartTable(page, "chart-distribution");
    for (const s of ["1", "2", "3", "4", "5"] as const) {
      assert.equal(
        num(dist.rows.get(`${s} star${s === "1" ? "" : "s"}`)?.[0]),
        rating.distribution[s],
        `${s}-star count`,
      );
    }
    const timeline = await chartTable(page, "chart-timeline");
    const expected = countsByPeriod(reviews, timeline.columns[0]!);
    let total = 0;
    for (const [label, cells] of timeline.rows) {
      assert.equal(num(cells[0]), expected.get(label) ?? 0, `reviews in ${label}`);
      total += num(cells[0]);
    }
    assert.equal(total, rating.count, "the timeline accounts for every review");
    const trend = await chartTable(page, "chart-trend");
    for (const [label, cells] of timeline.rows) assert.equal(trend.rows.get(label)?.[1], cells[0], `${label} in both`);
  });

  test("/insights/ lists the technicians with their review counts and averages", async () => {
    await open("/insights/");
    for (const t of site.dataset.business.technicians) {
      const mentioning = site.dataset.reviews.filter((r) => r.mentions.technicians.includes(t.id));
      const card = page.locator(`[data-technician="${t.id}"]`);
      assert.equal(await card.getAttribute("data-mentions"), String(mentioning.length), t.name);
      const avg = mean(mentioning);
      if (avg !== null)
        assert.match(
          (await card.textContent())!,
          new RegExp(`\\b${avg.toFixed(2).replace(/0$/, "")}`),
          `${t.name}: average ${avg}`,
        );
    }
  });

  test("shows the newest reviews with their owner replies", async () => {
    await open("/");
    const newest = site.dataset.reviews.slice(0, 10);
    assert.deepEqual(
      await shownReviewIds(page),
      newest.map((r) => r.id),
    );
    for (const r of newest) {
      const card = page.locator(`article[data-review-id="${r.id}"]`);
      assert.equal(await card.locator(".owner-reply").count(), r.owner_reply ? 1 : 0, `reply of ${r.id}`);
      if (r.owner_reply)
        assert.ok((await card.locator(".reply-text").textContent())!.includes(r.owner_reply.text.trim().slice(0, 40)));
      assert.equal(await card.getAttribute("data-rating"), String(r.rating));
    }
  });

  test("charts are inline SVG images named and described, with a data table", async () => {
    await open("/insights/");
    const figures = page.locator("figure.chart");
    assert.ok((await figures.count()) >= 3, "at least the distribution, the timeline and the average rating");
    for (const figure of await figures.all()) {
      const svg = figure.locator("svg[role=img]");
      assert.equal(await svg.count(), 1);
      const [titleId, descId] = (await svg.getAttribute("aria-labelledby"))!.split(" ");
      assert.ok((await page.locator(`[id="${titleId}"]`).textContent())!.trim().length > 5, "title");
      assert.ok((await page.locator(`[id="${descId}"]`).textContent())!.trim().length > 20, "description");
      assert.equal(await page.locator(`[id="${titleId}"]`).evaluate((e) => e.tagName.toLowerCase()), "title");
      assert.ok((await figure.locator("table tbody tr").count()) > 0, "data table rows");
    }
  });

  test("home: after the reviews, one block of insights linking to /insights/, where the FAQ answers are folded", async () => {
    await open("/");
    const teaser = page.locator("section.teaser");
    assert.equal(await teaser.locator("figure[data-chart=chart-aspects]").count(), 1, "the aspect bars");
    assert.equal(await teaser.locator("[data-summary]").textContent(), site.insights.summary.text);
    assert.equal(await teaser.locator('a[href="/insights/"]').count(), 1);
    assert.equal(await page.locator("#faq, figure[data-chart=chart-timeline]").count(), 0, "not on the home page");
    await open("/insights/");
    const faq = site.insights.faq.filter((f) => f.question && f.answer);
    assert.ok(faq.length > 0, "the sample has an FAQ");
    for (const f of faq) {
      const item = page.locator(`details[id="faq-${f.id}"]`);
      assert.equal(await item.getAttribute("open"), null, `${f.id} folded`);
      assert.equal((await item.locator("summary").textContent())!.trim(), f.question);
      assert.equal(await item.locator("p").textContent(), f.answer);
    }
  });

  test("JSON-LD: the business subtype with its aggregate rating and exactly the reviews shown", async () => {
    const { business, aggregate_rating: rating, reviews } = site.dataset;
    await open("/");
    const nodes = await jsonLdNodes(page);
    const biz = nodes.find((n) => n["@type"] === business.schema_type) as Record<string, any>;
    assert.ok(biz, `a ${business.schema_type} node`);
    assert.equal(biz.name, business.name);
    assert.equal(biz.address.postalCode, business.address.postal_code);
    assert.equal(biz.telephone, business.telephone);
    assert.deepEqual(biz.aggregateRating, {
      "@type": "AggregateRating",
      ratingValue: rating.average,
      bestRating: 5,
      worstRating: 1,
      ratingCount: rating.count,
      reviewCount: rating.text_count,
    });
    const shown = await shownReviewIds(page);
    const byId = new Map(reviews.map((r) => [r.id, r]));
    assert.equal(biz.review.length, shown.length, "one Review per review on the page");
    biz.review.forEach((node: Record<string, any>, i: number) => {
      const r = byId.get(shown[i]!)!;
      assert.equal(node["@type"], "Review");
      assert.equal(node.author["@type"], "Person");
      assert.equal(node.author.name, r.author.name);
      assert.equal(node.datePublished, r.date);
      assert.equal(node.reviewRating.ratingValue, r.rating);
      assert.equal(node.reviewBody, r.text ?? undefined);
    });
    assert.ok(nodes.some((n) => n["@type"] === "WebSite"));
  });
});

describe("review listing", () => {
  test("/reviews/ shows the newest 50-99; numbered pages hold 50 each from the oldest, with matching JSON-LD", async () => {
    const { reviews } = site.dataset;
    const archives = Math.max(0, Math.floor(reviews.length / PER_PAGE) - 1);
    const front = reviews.length - archives * PER_PAGE;
    const listings = [
      { path: "/reviews/", expected: reviews.slice(0, front) },
      ...[...new Set([1, archives])]
        .filter((n) => n >= 1)
        .map((n) => ({
          path: `/reviews/page/${n}/`,
          expected: reviews.slice(reviews.length - n * PER_PAGE, reviews.length - (n - 1) * PER_PAGE),
        })),
    ];
    for (const { path, expected } of listings) {
      await open(path);
      const ids = expected.map((r) => r.id);
      assert.deepEqual(await shownReviewIds(page), ids, path);
      const nodes = await jsonLdNodes(page);
      const biz = nodes.find((x) => x["@type"] === site.dataset.business.schema_type) as Record<string, any>;
      assert.deepEqual(
        biz.review.map((x: Record<string, any>) => x.author.name),
        expected.map((r) => r.author.name),
        `${path} JSON-LD`,
      );
      // The aggregate changes with every review: only /reviews/ carries it, so archive pages stay byte-stable.
      assert.equal(biz.aggregateRating !== undefined, path === "/reviews/", `${path} aggregateRating`);
      assert.ok(
        nodes.some((x) => x["@type"] === "BreadcrumbList"),
        `${path} breadcrumbs`,
      );
    }
    if (archives > 0) {
      // From /reviews/ the Older link walks down to page 1 and Newer walks back up to /reviews/.
      await open("/reviews/");
      assert.equal(
        await page.locator('.pager a[rel="next"]').first().getAttribute("href"),
        `/reviews/page/${archives}/`,
      );
      await open("/reviews/page/1/");
      assert.equal(await page.locator('.pager a[rel="next"]').count(), 0, "nothing older than page 1");
      assert.equal(
        await page.locator('.pager a[rel="prev"]').first().getAttribute("href"),
        archives > 1 ? "/reviews/page/2/" : "/reviews/",
      );
    }
    for (const missing of [0, archives + 1])
      assert.equal((await page.goto(`${site.origin}/reviews/page/${missing}/`))?.status(), 404, `no page ${missing}`);
  });
});
