// The Chromium that browser tests and the Lighthouse script drive: Debian's /usr/bin/chromium when installed, else Playwright's own.
import { existsSync } from "node:fs";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** Flags for a quiet, sandbox-less headless run in containers and CI (nothing phones home, nothing updates). */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium when present; `undefined` lets Playwright use the browser it downloaded (`npx playwright install chromium`). */
export function systemChromium(): string | undefined {
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

/** An executable path in every case (Lighthouse needs one). */
export async function chromiumPath(): Promise<string> {
  const system = systemChromium();
  if (system) return system;
  const { chromium } = await import("playwright");
  const bundled = chromium.executablePath();
  if (!existsSync(bundled)) {
    throw new Error(
      `No Chromium found: install Debian's (apt-get install -y chromium) or Playwright's (npx playwright install chromium); looked at ${SYSTEM_CHROMIUM} and ${bundled}`,
    );
  }
  return bundled;
}
