// `npm run build`: builds and atomically publishes the site from DATA_DIR into DIST_DIR.
import { astroBuild } from "./lib/astro-build.ts";

// Loaded while the build starts rather than before it, so that loading zod and the schedule parser overlaps the build's
// start; a wrong one stops the build and is reported alone.
const config = import("../src/config.ts").then(({ loadConfig }) => loadConfig());
try {
  await astroBuild(config);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
