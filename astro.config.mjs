// Astro builds the static side into a staging directory; the publish integration makes it the release atomically.
import sitemap from "@astrojs/sitemap";
import { defineConfig } from "astro/config";
import { releasePaths } from "./src/build/release-paths.ts";
import { loadConfig } from "./src/config.ts";
import publish from "./src/integrations/publish/index.ts";

const config = loadConfig();
const paths = releasePaths(config.distDir);

export default defineConfig({
  site: config.siteUrl,
  output: "static",
  outDir: paths.stagingDir,
  trailingSlash: "ignore",
  build: { format: "directory" },
  devToolbar: { enabled: false },
  // The sitemap must be written before publish hashes and moves the staging directory: integrations run in this order.
  integrations: [sitemap({ filter: (page) => page.endsWith("/") }), publish(paths)],
});
