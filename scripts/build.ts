// `npm run build [-- --allow-empty] [-- --allow-shrink]`: builds and atomically publishes the site from DATA_DIR into
// DIST_DIR.
import { parseArgs } from "node:util";
import { acquireDataLock, LockHeldError } from "../src/lib/data-lock.ts";
import { astroBuild } from "./lib/astro-build.ts";

let allow: string[];
try {
  const { values } = parseArgs({
    options: { "allow-empty": { type: "boolean" }, "allow-shrink": { type: "boolean" } },
    strict: true,
  });
  allow = [values["allow-empty"] && "empty", values["allow-shrink"] && "shrink"].filter((a) => typeof a === "string");
} catch (err) {
  console.error(`${(err as Error).message}\nusage: npm run build [-- --allow-empty] [--allow-shrink]`);
  process.exit(2);
}
// The build runs in Astro's process, which reads its configuration from the environment: the flags reach it there
// (this process needs the configuration only to clean up after a failed build).
const env = allow.length > 0 ? { BUILD_ALLOW: allow.join(",") } : {};
// Loaded while the build starts rather than before it, so that loading zod and the schedule parser overlaps the build's
// start; a wrong one stops the build and is reported alone.
const config = import("../src/config.ts").then(({ loadConfig }) => loadConfig());
config.then(
  (c) => {
    if (!c.siteUrlSet)
      console.warn(
        `SITE_URL is not set: building for ${c.siteUrl} (every absolute URL of the site points there); set it to the public origin to publish`,
      );
  },
  () => {},
);
// No build while a sync or an import writes DATA_DIR (builds share it): it says who holds it and exits with 3.
const lock = config.then((c) => acquireDataLock(c.dataDir, "npm run build", "shared"));
try {
  await lock;
  await astroBuild(config, env);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = err instanceof LockHeldError ? 3 : 1;
} finally {
  await lock.then(
    (l) => l.release(),
    () => {},
  );
}
