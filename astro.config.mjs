// Astro builds the static side into a staging directory; the publish integration makes it the release atomically.
import { defineConfig } from "astro/config";
import { createBuildContext } from "./src/build/context.ts";
import { loadConfig } from "./src/config.ts";
import buildContext from "./src/integrations/build-context/index.ts";
import publish from "./src/integrations/publish/index.ts";

const config = loadConfig();
// The build's one context, handed to both integrations; the pages reach it through src/build/current-context.ts.
const context = createBuildContext(config, Date.now());

export default defineConfig({
  site: config.siteUrl,
  output: "static",
  outDir: context.paths.stagingDir,
  trailingSlash: "ignore",
  build: {
    format: "directory",
    // Pages rendered four at a time. /reviews.json and the search index are written on other threads
    // (src/build/large-outputs.ts), which the publish step waits for; their endpoints return no body.
    concurrency: 4,
  },
  devToolbar: { enabled: false },
  // The publish step writes the sitemaps itself: pages a rebuild carries over are never rendered by Astro.
  integrations: [buildContext(context), publish(context)],
});
