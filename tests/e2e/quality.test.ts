// Browser checks across the main pages: no console errors, no broken internal links, no serious axe violations; screenshots for people to look at.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright";
import { ROOT } from "../helpers/build.ts";
import { launchBrowser, searchSettled, seriousViolations, watchedPage } from "./helpers/browser.ts";
import { type ServedSite, serveBuiltSite } from "./helpers/site.ts";

const SHOTS = path.join(ROOT, "test-results", "e2e");

let site: ServedSite;
let browser: Browser;
let pages: { path: string; name: string }[];

before(async () => {
  site = await serveBuiltSite();
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
  const { business, reviews } = site.dataset;
  const archives = Math.max(0, Math.floor(reviews.length / 50) - 1);
  const aspect = site.insights.aspects[0];
  pages = [
    { path: "/", name: "home" },
    { path: "/insights/", name: "insights" },
    { path: "/reviews/", name: "reviews" },
    ...(archives > 0 ? [{ path: "/reviews/page/1/", name: "reviews-oldest" }] : []),
    { path: "/technicians/", name: "technicians" },
    { path: `/technicians/${business.technicians[0]!.id}/`, name: "technician" },
    { path: "/services/", name: "services" },
    { path: `/services/${business.services[0]!.id}/`, name: "service" },
    { path: "/aspects/", name: "aspects" },
    ...(aspect ? [{ path: `/aspects/${aspect.id}/`, name: "aspect" }] : []),
    { path: "/search/?query=leak&min_rating=4", name: "search" },
    { path: "/developers/", name: "developers" },
  ];
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

test("main pages load without console errors or failed requests, fit a phone screen, and are screenshotted", async () => {
  // The two widths in two pages at once: the browser renders them on both cores.
  const viewports = [
    { width: 1280, height: 900, tag: "desktop" },
    { width: 390, height: 844, tag: "mobile" },
  ];
  await Promise.all(
    viewports.map(async (viewport) => {
      const { page, problems, close } = await watchedPage(browser, site.origin, viewport);
      for (const p of pages) {
        const res = await page.goto(site.origin + p.path, { waitUntil: "load" });
        assert.equal(res?.status(), 200, p.path);
        if (p.name === "search") await searchSettled(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > viewport.width) problems.push(`${p.path} is ${width}px wide in a ${viewport.width}px viewport`);
        await page.screenshot({ path: path.join(SHOTS, `${p.name}-${viewport.tag}.png`), fullPage: true });
      }
      assert.deepEqual(problems, [], `${viewport.tag}: problems`);
      await close();
    }),
  );
});

test("axe finds no serious or critical violations", async () => {
  // Half the pages each in two pages at once: axe runs in the browser, on both cores.
  const halves = [pages.filter((_, i) => i % 2 === 0), pages.filter((_, i) => i % 2 === 1)];
  const found = (
    await Promise.all(
      halves.map(async (some) => {
        const { page, close } = await watchedPage(browser, site.origin);
        const serious: string[] = [];
        for (const p of some) {
          await page.goto(site.origin + p.path, { waitUntil: "load" });
          if (p.name === "search") await searchSettled(page);
          // Open every chart's data table so that it is checked too.
          await page.locator("details").evaluateAll((els) => els.forEach((d) => d.setAttribute("open", "")));
          for (const v of await seriousViolations(page)) {
            const nodes = v.nodes.slice(0, 3).map((n) => n.target.join(" "));
            serious.push(`${p.path}: ${v.id} (${v.impact}) ${v.help}: ${nodes.join(" | ")}`);
          }
        }
        await close();
        return serious;
      }),
    )
  ).flat();
  assert.deepEqual(found, []);
});

test("no internal link is broken, fragment targets included", async () => {
  const { page, close } = await watchedPage(browser, site.origin);
  const links = new Map<string, string>();
  for (const p of pages) {
    await page.goto(site.origin + p.path, { waitUntil: "load" });
    if (p.name === "search") await searchSettled(page);
    const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) if (href.startsWith(site.origin) && !links.has(href)) links.set(href, p.path);
  }
  const broken: string[] = [];
  const bodies = new Map<string, Promise<{ status: number; body: string }>>();
  const get = (url: string) => {
    if (!bodies.has(url))
      bodies.set(
        url,
        fetch(url).then(async (r) => ({ status: r.status, body: await r.text() })),
      );
    return bodies.get(url)!;
  };
  for (const [href, from] of links) {
    const url = new URL(href);
    const { status, body } = await get(url.origin + url.pathname + url.search);
    if (status !== 200) broken.push(`${href} (HTTP ${status}, linked from ${from})`);
    else if (url.hash && !body.includes(`id="${decodeURIComponent(url.hash.slice(1))}"`))
      broken.push(`${href} (no element ${url.hash}, linked from ${from})`);
  }
  assert.ok(links.size > 20, `checked ${links.size} links`);
  assert.deepEqual(broken, []);
  await close();
});
