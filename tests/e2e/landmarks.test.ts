// Every page the sample's build publishes, review pages (one page shell, filled per review: every 20th of them) and a
// no-script search answer: no two landmarks of one role share a name (or both lack one), as the browser's
// accessibility tree gives them; a screen reader's landmark list would show them as the same place.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright";
import type { Manifest } from "../../src/lib/schema/manifest.ts";
import { sampleRelease } from "../helpers/build.ts";
import { launchBrowser } from "./helpers/browser.ts";
import { type ServedSite, serveBuiltSite } from "./helpers/site.ts";

const LANDMARK = /^\s*- (banner|complementary|contentinfo|form|main|navigation|region|search)(?: "(.*)")?:?$/;

let site: ServedSite;
let browser: Browser;
let paths: string[];

before(async () => {
  site = await serveBuiltSite();
  browser = await launchBrowser();
  const manifest = JSON.parse(await readFile(path.join(await sampleRelease(), "manifest.json"), "utf8")) as Manifest;
  const pages = Object.entries(manifest.files).filter(([, f]) => f.content_type.startsWith("text/html"));
  paths = [
    ...pages.map(([urlPath]) => urlPath),
    ...site.dataset.reviews.filter((_, i) => i % 20 === 0).map((r) => `/reviews/${r.id}/`),
    "/search/?query=leak&min_rating=4",
  ];
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

test("no page has two landmarks of one role with the same name", async () => {
  assert.ok(paths.length > 40, `${paths.length} pages`);
  // Two pages at once, each with its half: the browser works on both cores.
  const halves = [paths.filter((_, i) => i % 2 === 0), paths.filter((_, i) => i % 2 === 1)];
  const found = await Promise.all(
    halves.map(async (some) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const twice: string[] = [];
      let pager = 0;
      for (const p of some) {
        const res = await page.goto(site.origin + p);
        assert.equal(res?.status(), 200, p);
        const seen = new Set<string>();
        for (const line of (await page.locator("body").ariaSnapshot()).split("\n")) {
          const m = LANDMARK.exec(line);
          if (!m) continue;
          const key = `${m[1]} "${m[2] ?? ""}"`;
          if (seen.has(key)) twice.push(`${p}: ${key}`);
          seen.add(key);
          if (key === 'navigation "More pages"') pager++;
        }
      }
      await context.close();
      return { twice, pager };
    }),
  );
  assert.deepEqual(
    found.flatMap((f) => f.twice),
    [],
  );
  // The listing's pages carry their pager twice, above and below the reviews: the case this test is for.
  assert.ok(found.reduce((a, f) => a + f.pager, 0) > 1, "the listing pages' second pager is among the landmarks");
});
