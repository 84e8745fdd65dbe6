// The Astro configuration of a build or a dev server of this site: astro.config.mjs's settings, with the public origin,
// the output directory and the site-data integration, which hands the pages the data the build wrote into `dataDir`.
import { fileURLToPath } from "node:url";
import type { AstroInlineConfig } from "astro";
import type { Config } from "../config.ts";
import siteData from "../integrations/site-data/index.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function astroConfig(config: Config, dataDir: string, outDir?: string): AstroInlineConfig {
  return {
    root: ROOT,
    site: config.siteUrl,
    ...(outDir && { outDir }),
    logLevel: "warn",
    integrations: [siteData({ dir: dataDir, origin: config.siteUrl, lease: config.websub.lease })],
  };
}
