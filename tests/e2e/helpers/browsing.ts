// One browser page on the served sample site for a test file: started before its tests, closed after them.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import type { Browser, Page } from "playwright";
import { launchBrowser } from "./browser.ts";
import { type ServedSite, serveBuiltSite } from "./site.ts";

export type Browsing = {
  site: ServedSite;
  browser: Browser;
  page: Page;
  /** Opens `path` of the site in the page and expects a 200. */
  open: (path: string) => Promise<void>;
};

/**
 * Registers the file's before and after hooks; `ready` is called with the session at the end of `before` (root hooks
 * of a file are not run one after another, so a second hook could not rely on this one).
 */
export function browseSite(ready: (browsing: Browsing) => void): Browsing {
  const b = {} as Browsing;
  before(async () => {
    b.site = await serveBuiltSite();
    b.browser = await launchBrowser();
    b.page = await b.browser.newPage();
    b.open = async (path: string) => {
      const res = await b.page.goto(b.site.origin + path);
      assert.equal(res?.status(), 200, `GET ${path}`);
    };
    ready(b);
  });
  after(async () => {
    await b.browser?.close();
    await b.site?.stop();
  });
  return b;
}
