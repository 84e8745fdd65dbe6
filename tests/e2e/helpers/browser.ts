// E2E browser: Chromium through Playwright, and pages that record every console error, page error and failed request.
import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright";
import { CHROMIUM_ARGS, systemChromium } from "../../../scripts/lib/chromium.ts";

export async function launchBrowser(): Promise<Browser> {
  const executablePath = systemChromium();
  return chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
}

export type WatchedPage = Readonly<{ page: Page; problems: string[]; close: () => Promise<void> }>;

/** A page whose console errors, uncaught exceptions and HTTP >= 400 answers from `origin` land in `problems`. */
export async function watchedPage(
  browser: Browser,
  origin: string,
  viewport = { width: 1280, height: 900 },
): Promise<WatchedPage> {
  // A context of its own: axe opens helper pages in the page's context, which browser.newPage() does not allow.
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error on ${page.url()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`uncaught exception on ${page.url()}: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText ?? "?"})`));
  page.on("response", (res) => {
    if (res.url().startsWith(origin) && res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

/** Waits until the search page has rendered the answer to its current query. */
export async function searchSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const results = document.querySelector("#search-results");
    const status = document.querySelector("#search-status")?.textContent ?? "";
    return results !== null && !results.hasAttribute("aria-busy") && status !== "" && !status.startsWith("Searching");
  });
}

/**
 * axe's serious and critical violations on the page as it stands. On a page without frames axe runs in the page alone
 * (its legacy mode): the same rules over the same document, without the blank page the default mode opens to merge
 * per-frame results, which takes two to three times as long. A page with frames gets the default mode, which reaches
 * into every frame.
 */
export async function seriousViolations(page: Page): Promise<Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
