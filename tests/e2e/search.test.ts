// Browser tests of /search/: for the same filters it shows what /api/reviews/search answers, keeps the query in the URL, pages and reports errors.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright";
import { launchBrowser, searchSettled, watchedPage } from "./helpers/browser.ts";
import { num, shownReviewIds } from "./helpers/expect.ts";
import { type ServedSite, serveBuiltSite } from "./helpers/site.ts";

type Api = { total: number; count: number; next_cursor: string | null; reviews: { id: string }[] };

let site: ServedSite;
let browser: Browser;
let page: Page;
let problems: string[];

before(async () => {
  site = await serveBuiltSite();
  browser = await launchBrowser();
  ({ page, problems } = await watchedPage(browser, site.origin));
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function api(params: URLSearchParams): Promise<Api> {
  const res = await fetch(`${site.origin}/api/reviews/search?${params}`);
  assert.equal(res.status, 200, `API ${params}`);
  return (await res.json()) as Api;
}

async function shownTotal(): Promise<number> {
  const status = (await page.locator("#search-status").textContent()) ?? "";
  if (status.startsWith("No reviews")) return 0;
  return num(/of ([\d,]+) matching/.exec(status)?.[1]);
}

test("for the same filters, the page shows exactly what the API answers", async () => {
  const { technicians, services } = site.dataset.business;
  const cases: Record<string, string>[] = [
    {},
    { query: "leak", min_rating: "4" },
    { rating: "1" },
    { mentions_technician: technicians[0]!.id },
    { mentions_technician: technicians[1]!.name },
    { mentions_service: services[0]!.id, limit: "5" },
    { since: "2024-01-01", until: "2024-12-31", min_rating: "2.5" },
    { query: "no such phrase in any review" },
  ];
  for (const filters of cases) {
    const params = new URLSearchParams(filters);
    await page.goto(`${site.origin}/search/?${params}`);
    await searchSettled(page);
    const expected = await api(params);
    assert.deepEqual(
      await shownReviewIds(page),
      expected.reviews.map((r) => r.id),
      `reviews for ?${params}`,
    );
    assert.equal(await shownTotal(), expected.total, `total for ?${params}`);
    for (const [name, value] of params)
      assert.equal(
        await page.locator(`[name="${name}"]:not([type=radio]), [name="${name}"]:checked`).inputValue(),
        value,
        `the form shows ${name}`,
      );
  }
  assert.deepEqual(problems, []);
});

test("the form puts the filters in the URL, and Back restores the previous search", async () => {
  await page.goto(`${site.origin}/search/?rating=5`);
  await searchSettled(page);
  await page.selectOption("#f-rating", "");
  await page.fill("#f-query", "leak");
  await page.check('#f-min_rating input[value="4"]');
  await page.click("button[type=submit]");
  await page.waitForURL((url) => url.searchParams.get("query") === "leak");
  await searchSettled(page);
  const url = new URL(page.url());
  assert.deepEqual(Object.fromEntries(url.searchParams), { min_rating: "4", query: "leak" });
  assert.deepEqual(
    await shownReviewIds(page),
    (await api(url.searchParams)).reviews.map((r) => r.id),
  );

  await page.goBack();
  await page.waitForURL((u) => u.searchParams.get("rating") === "5");
  await searchSettled(page);
  assert.equal(await page.locator("#f-rating").inputValue(), "5");
  assert.deepEqual(
    await shownReviewIds(page),
    (await api(new URLSearchParams({ rating: "5" }))).reviews.map((r) => r.id),
  );
  assert.deepEqual(problems, []);
});

test("Show more appends the API's next page", async () => {
  const params = new URLSearchParams({ min_rating: "4" });
  const first = await api(params);
  assert.ok(first.next_cursor, "the sample data has more than one page of 4+ star reviews");
  const second = await api(new URLSearchParams({ cursor: first.next_cursor }));
  await page.goto(`${site.origin}/search/?${params}`);
  await searchSettled(page);
  await page.click("#search-more");
  await page.waitForFunction(
    (n) => document.querySelectorAll("#search-results article").length === n,
    first.count + second.count,
  );
  await searchSettled(page);
  assert.deepEqual(
    await shownReviewIds(page),
    [...first.reviews, ...second.reviews].map((r) => r.id),
  );
  assert.deepEqual(problems, []);
});

test("an invalid filter shows the API's issues next to the field", async () => {
  const { page: p, close } = await watchedPage(browser, site.origin);
  await p.goto(`${site.origin}/search/?rating=9&limit=500`);
  await searchSettled(p);
  const res = await fetch(`${site.origin}/api/reviews/search?rating=9&limit=500`);
  assert.equal(res.status, 400);
  const { issues } = (await res.json()) as { issues: { path: string[]; message: string }[] };
  assert.ok(await p.locator("#search-errors").isVisible());
  for (const issue of issues) {
    const field = p.locator(`[name="${issue.path[0]}"]`);
    assert.equal(await field.getAttribute("aria-invalid"), "true", String(issue.path[0]));
    assert.ok((await p.locator("#search-errors").textContent())!.includes(issue.message));
  }
  assert.equal(await p.locator("#search-results article").count(), 0);
  await close();
});
