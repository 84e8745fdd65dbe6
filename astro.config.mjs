// Astro builds the static side into a staging directory; the publish integration makes it the release atomically.
import { defineConfig } from "astro/config";
import { releasePaths } from "./src/build/release-paths.ts";
import { loadConfig } from "./src/config.ts";
import publish from "./src/integrations/publish/index.ts";
import readSourceEarly from "./src/integrations/read-source/index.ts";

const config = loadConfig();
const paths = releasePaths(config.distDir);

export default defineConfig({
  site: config.siteUrl,
  output: "static",
  outDir: paths.stagingDir,
  trailingSlash: "ignore",
  build: {
    format: "directory",
    // /reviews.json and the search index are written on other threads (src/build/large-outputs.ts); their two
    // endpoints wait for them while the other pages render in the other slots.
    concurrency: 4,
  },
  devToolbar: { enabled: false },
  // The publish step writes the sitemaps itself: pages a rebuild carries over are never rendered by Astro.
  integrations: [readSourceEarly(), publish(paths)],
});
