// A review's page and the embeddable widget in Chromium at a phone's and a desktop's width: screenshots for people to
// look at, axe, the widget framed by another origin, and cards of the listing and the search linking to review pages.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright";
import { ROOT } from "../helpers/build.ts";
import { launchBrowser, searchSettled, seriousViolations, watchedPage } from "./helpers/browser.ts";
import { type ServedSite, serveBuiltSite } from "./helpers/site.ts";

const SHOTS = path.join(ROOT, "test-results", "e2e");
const VIEWPORTS = [
  { width: 390, height: 844, tag: "mobile" },
  { width: 1280, height: 900, tag: "desktop" },
];

let site: ServedSite;
let browser: Browser;
let reviewPath: string;

before(async () => {
  site = await serveBuiltSite();
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
  // A review with the most to show: text, a reply and mentions.
  const r = site.dataset.reviews.find((x) => x.text && x.owner_reply && x.mentions.technicians.length > 0);
  reviewPath = `/reviews/${r!.id}/`;
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

test("a review page and the widgets fit both widths without errors, pass axe, and are screenshotted", async () => {
  const shots = [
    { path: reviewPath, name: "review" },
    { path: "/embed/", name: "embed" },
    { path: "/embed/4-stars/", name: "embed-4-stars" },
  ];
  for (const viewport of VIEWPORTS) {
    const { page, problems, close } = await watchedPage(browser, site.origin, viewport);
    for (const s of shots) {
      const res = await page.goto(site.origin + s.path, { waitUntil: "load" });
      assert.equal(res?.status(), 200, s.path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `${s.path} is ${width}px wide in ${viewport.width}px`);
      await page.screenshot({ path: path.join(SHOTS, `${s.name}-${viewport.tag}.png`), fullPage: true });
      const serious = await seriousViolations(page);
      assert.deepEqual(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
        [],
        s.path,
      );
    }
    // The two badges as a page embeds them, on a light and a dark background.
    await page.setContent(
      `<body style="margin:0"><p style="padding:16px"><img src="${site.origin}/badge.svg" alt=""></p>` +
        `<p style="padding:16px;background:#14202c"><img src="${site.origin}/badge-dark.svg" alt=""></p></body>`,
    );
    await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    await page.screenshot({ path: path.join(SHOTS, `badges-${viewport.tag}.png`) });
    assert.deepEqual(problems, []);
    await close();
  }
});

test("another site can frame the widget, and its links open outside the frame", async () => {
  // A page on another origin (another port) with the snippet the developer page gives.
  const host: Server = createServer((_, res) => {
    res.setHeader("content-type", "text/html");
    res.end(
      `<!doctype html><title>Host</title><iframe src="${site.origin}/embed/" title="Reviews" width="600" height="700"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const { port } = host.address() as { port: number };
  const { page, close } = await watchedPage(browser, site.origin);
  try {
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: "load" });
    const frame = page.frameLocator("iframe");
    await frame.locator("[data-review-id]").first().waitFor();
    const targets = await frame.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("target")));
    assert.ok(targets.length > 5 && targets.every((t) => t === "_blank"));
    await page.screenshot({ path: path.join(SHOTS, "embed-framed-desktop.png") });
    // A page that may not be framed stays empty in the frame.
    await page.evaluate((src) => (document.querySelector("iframe")!.src = src), `${site.origin}${reviewPath}`);
    await page.waitForTimeout(500);
    assert.equal(await frame.locator("article").count(), 0, "a review page is not framed");
  } finally {
    await close();
    await new Promise((resolve) => host.close(resolve));
  }
});

test("a card of the listing and of the search results links to its review's page", async () => {
  const { page, problems, close } = await watchedPage(browser, site.origin);
  await page.goto(`${site.origin}/reviews/`);
  const first = page.locator("article.review").first();
  const id = await first.getAttribute("data-review-id");
  await first.locator("a.review-link").click();
  await page.waitForURL(`${site.origin}/reviews/${id}/`);
  assert.equal(await page.locator(`article.review[data-review-id="${id}"]`).count(), 1);
  assert.equal(await page.locator("h1").count(), 1);
  await page.goto(`${site.origin}/search/?min_rating=1`);
  await searchSettled(page);
  const found = page.locator("#search-results article.review").first();
  const foundId = await found.getAttribute("data-review-id");
  assert.equal(await found.locator("a.review-link").getAttribute("href"), `/reviews/${foundId}/`);
  assert.deepEqual(problems, []);
  await close();
});
