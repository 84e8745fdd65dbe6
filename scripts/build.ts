// `npm run build`: builds and atomically publishes the site from DATA_DIR into DIST_DIR.
import { loadConfig } from "../src/config.ts";
import { astroBuild } from "./lib/astro-build.ts";

try {
  await astroBuild(loadConfig());
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
