// The Astro configuration of a build or a dev server of this site: astro.config.mjs's settings, with the public origin,
// the output directory and the site-data integration, which hands the pages the data the build wrote into `dataDir`.
import { fileURLToPath } from "node:url";
import type { AstroInlineConfig } from "astro";
import type { Config } from "../config.ts";
import siteData from "../integrations/site-data/index.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * `out`: where a build writes the pages, and where Astro keeps what its incremental build reuses (one per DIST_DIR, so
 * that builds of other data do not take turns overwriting it).
 */
export function astroConfig(
  config: Config,
  dataDir: string,
  out?: { outDir: string; cacheDir: string },
): AstroInlineConfig {
  return {
    root: ROOT,
    site: config.siteUrl,
    ...out,
    logLevel: "warn",
    integrations: [siteData({ dir: dataDir, origin: config.siteUrl, lease: config.websub.lease })],
  };
}
