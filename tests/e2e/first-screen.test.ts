// Browser tests at a phone's and a laptop's width: what the first screen of home (the distribution beside the average
// included) and search holds, where the reviews start, the timeline's month labels; first-screen screenshots for
// people to look at.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, Locator, Page } from "playwright";
import { ROOT } from "../helpers/build.ts";
import { launchBrowser, searchSettled, watchedPage } from "./helpers/browser.ts";
import { type ServedSite, serveBuiltSite } from "./helpers/site.ts";

const SHOTS = path.join(ROOT, "test-results", "e2e", "first-screen");
const VIEWPORTS = [
  { width: 390, height: 844, tag: "390" },
  { width: 1280, height: 800, tag: "1280" },
] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

let site: ServedSite;
let browser: Browser;

before(async () => {
  site = await serveBuiltSite();
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

/** Top and bottom of `locator` in page coordinates (the page is not scrolled when this is read). */
async function box(locator: Locator): Promise<{ top: number; bottom: number }> {
  const b = await locator.boundingBox();
  assert.ok(b, `${locator.toString()} is rendered`);
  return { top: b.y, bottom: b.y + b.height };
}

async function assertInFirstScreen(page: Page, locator: Locator, what: string): Promise<void> {
  assert.ok(await locator.isVisible(), `${what} is visible`);
  const { bottom } = await box(locator);
  assert.ok(bottom <= page.viewportSize()!.height, `${what} ends at ${Math.round(bottom)}px, inside the first screen`);
}

for (const viewport of VIEWPORTS) {
  describe(`at ${viewport.width} px`, () => {
    let page: Page;
    let problems: string[];
    let close: () => Promise<void>;
    before(async () => ({ page, problems, close } = await watchedPage(browser, site.origin, viewport)));
    after(() => close());

    test("home: the name, the rating and one action button in the first screen; the newest review within two", async () => {
      const { business, aggregate_rating: rating, reviews } = site.dataset;
      await page.goto(`${site.origin}/`);
      await assertInFirstScreen(page, page.locator("h1", { hasText: business.name }), "the business name");
      const summary = page.locator(".hero .rating-summary");
      await assertInFirstScreen(page, summary.locator(".stars"), "the stars");
      assert.equal(await summary.locator("[data-stat=count]").textContent(), rating.count.toLocaleString("en-US"));
      await assertInFirstScreen(page, summary.locator("[data-stat=average]"), "the average");
      await assertInFirstScreen(page, summary.locator("[data-stat=count]"), "the count");

      const actions = page.locator("a[data-action]");
      assert.equal(await actions.count(), 1, "one action button");
      const expected = business.booking_url ?? business.quote_url ?? `tel:${business.telephone.replace(/[^+\d]/g, "")}`;
      assert.equal(await actions.getAttribute("href"), expected);
      await assertInFirstScreen(page, actions, "the action button");

      // The 5★…1★ distribution beside the average: each row's label, count and share, as the dataset has them.
      const chart = page.locator(".hero figure[data-chart=chart-distribution] svg");
      const labels = chart.locator("text:not([text-anchor])");
      const shares: number[] = [];
      for (const [i, star] of [5, 4, 3, 2, 1].entries()) {
        const label = chart.locator("text[text-anchor=end]").nth(i);
        assert.equal(await label.textContent(), star === 1 ? "1 star" : `${star} stars`);
        await assertInFirstScreen(page, label, `the ${star}-star row`);
        const [count, share] = (await labels.nth(i).textContent())!.split(" · ");
        assert.equal(count, rating.distribution[String(star) as "1"].toLocaleString("en-US"), `${star}-star count`);
        shares.push(Number(share!.replace("%", "")));
        const exact = (rating.distribution[String(star) as "1"] / rating.count) * 100;
        assert.ok(Math.abs(shares.at(-1)! - exact) < 1, `${star}-star share ${share} of ${exact.toFixed(2)}%`);
        await assertInFirstScreen(page, labels.nth(i), `the ${star}-star count and share`);
      }
      assert.equal(await chart.locator("text").count(), 10, "five rows of a label and a value");
      assert.equal(
        shares.reduce((a, b) => a + b, 0),
        100,
        `shares ${shares.join(" + ")} add up to 100`,
      );

      const first = page.locator("article.review").first();
      assert.equal(await first.getAttribute("data-review-id"), reviews[0]!.id, "the newest review comes first");
      const { top } = await box(first);
      assert.ok(top <= 2 * viewport.height, `the first review starts at ${Math.round(top)}px, within two screens`);
      await page.screenshot({ path: path.join(SHOTS, `home-${viewport.tag}.png`) });
      assert.deepEqual(problems, []);
    });

    test("insights: the timeline names months on its x-axis, with the years below, without overlapping", async () => {
      await page.goto(`${site.origin}/insights/`);
      for (const id of ["chart-timeline", "chart-trend"]) {
        const svg = page.locator(`figure[data-chart="${id}"] svg`);
        const periods = svg.locator("text[data-axis=period]");
        const names = await periods.allTextContents();
        assert.ok(names.length >= 3, `${id}: ${names.length} month labels`);
        assert.ok(
          names.every((n) => MONTHS.includes(n)),
          `${id}: month names, got ${names.join(" ")}`,
        );
        const years = (await svg.locator("text[data-axis=year]").allTextContents()).map(Number);
        assert.ok(years.length >= 2, `${id}: year labels`);
        assert.deepEqual(
          years,
          [...years].sort((a, b) => a - b),
          `${id}: years in order`,
        );
        assert.equal(years.at(-1), Number(site.dataset.reviews[0]!.date.slice(0, 4)), `${id}: the newest year`);
        const boxes = await periods.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
        for (let i = 1; i < boxes.length; i++)
          assert.ok(boxes[i]!.left >= boxes[i - 1]!.right, `${id}: labels ${i - 1} and ${i} do not overlap`);
        assert.ok(boxes[0]!.height >= 9, `${id}: labels ${boxes[0]!.height.toFixed(1)}px tall`);
      }
      // One quantity per axis: counts on the volume chart, stars on the rating chart.
      const ticks = (id: string) =>
        page.locator(`figure[data-chart="${id}"] svg text[text-anchor=end]`).allTextContents();
      assert.ok((await ticks("chart-timeline")).every((t) => /^[\d,]+$/.test(t)));
      assert.deepEqual(await ticks("chart-trend"), ["1★", "2★", "3★", "4★", "5★"]);
      assert.deepEqual(problems, []);
    });

    test("search: the text box and the star choice first, More filters folded, results right below", async () => {
      await page.goto(`${site.origin}/search/`);
      await searchSettled(page);
      await assertInFirstScreen(page, page.locator("#f-query"), "the search box");
      await assertInFirstScreen(page, page.locator("#f-min_rating"), "the star filter");
      assert.equal(await page.locator("#more-filters").getAttribute("open"), null, "More filters is folded");
      assert.equal(await page.locator("#f-mentions_technician").isVisible(), false, "folded filters are hidden");
      const { top } = await box(page.locator("#search-results article").first());
      assert.ok(top <= viewport.height, `the first result starts at ${Math.round(top)}px, inside the first screen`);
      await page.screenshot({ path: path.join(SHOTS, `search-${viewport.tag}.png`) });

      await page.goto(`${site.origin}/search/?query=leak&min_rating=4`);
      await searchSettled(page);
      assert.equal(await page.locator("#more-filters").getAttribute("open"), null, "still folded for the first two");
      assert.ok(await page.locator('#f-min_rating input[value="4"]').isChecked(), "4 stars and up is chosen");

      const technician = site.dataset.business.technicians[0]!;
      await page.goto(`${site.origin}/search/?mentions_technician=${technician.id}`);
      await searchSettled(page);
      assert.equal(await page.locator("#more-filters").getAttribute("open"), "", "opened by the URL");
      assert.equal(await page.locator("#f-mentions_technician").inputValue(), technician.id);
      assert.match((await page.locator("#more-filters summary").textContent())!, /1 set/);
      await page.screenshot({ path: path.join(SHOTS, `search-filtered-${viewport.tag}.png`) });
      assert.deepEqual(problems, []);
    });
  });
}

test("without JavaScript the search form is a plain GET form the sidecar answers with the results, the form kept", async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${site.origin}/search/`);
  await page.fill("#f-query", "leak");
  await page.click('#f-min_rating label:has(input[value="4"])');
  await Promise.all([page.waitForURL(/query=leak/), page.click("#f-query + button[type=submit]")]);
  const url = new URL(page.url());
  assert.equal(url.pathname, "/search/");
  assert.equal(url.searchParams.get("query"), "leak");
  assert.equal(url.searchParams.get("min_rating"), "4");
  const cards = page.locator("#search-results article.review");
  assert.ok((await cards.count()) > 0, "the results come with the page");
  for (const rating of await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-rating")))))
    assert.ok(rating >= 4, `a ${rating}-star review among 4 stars and up`);
  assert.equal(await page.inputValue("#f-query"), "leak");
  assert.ok(await page.isChecked('#f-min_rating input[value="4"]'));
  await context.close();
});
