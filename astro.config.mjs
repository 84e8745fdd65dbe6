// Astro renders the site's pages from the data the build derived (scripts/build.ts, which sets the public origin, the
// output directory and the integration that hands the pages their data: src/build/astro-config.ts).
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "static",
  trailingSlash: "ignore",
  build: { format: "directory", concurrency: 4 },
  devToolbar: { enabled: false },
  // Pages whose getStaticPaths gives a cache key (the review archive's) are rendered again only when it changes.
  experimental: { incrementalBuild: true },
});
