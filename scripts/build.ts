// `npm run build [-- --allow-empty] [-- --allow-shrink]`: builds the site from DATA_DIR and publishes it atomically
// into DIST_DIR. Read top to bottom: validate the data, derive the site, write its data files, render the pages with
// Astro, publish.
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { build as astroBuild } from "astro";
import { astroConfig } from "../src/build/astro-config.ts";
import { readPreviousChangeLog, readPreviousRelease } from "../src/build/change-log.ts";
import { runDataStage } from "../src/build/data-stage.ts";
import { listFiles } from "../src/build/list-files.ts";
import { writeMcpApps } from "../src/build/mcp-apps.ts";
import { previousVariants } from "../src/build/publish/previous-variants.ts";
import { hashAndCompress } from "../src/build/publish/hash-files.ts";
import { publish } from "../src/build/publish/publish.ts";
import { DATASET_FILE, INSIGHTS_FILE } from "../src/build/release-files.ts";
import { releasePaths } from "../src/build/release-paths.ts";
import { DataError } from "../src/build/source.ts";
import { loadConfig } from "../src/config.ts";
import { acquireDataLock, LockHeldError } from "../src/lib/data-lock.ts";

let flags: { "allow-empty"?: boolean; "allow-shrink"?: boolean };
try {
  flags = parseArgs({
    options: { "allow-empty": { type: "boolean" }, "allow-shrink": { type: "boolean" } },
    strict: true,
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\nusage: npm run build [-- --allow-empty] [--allow-shrink]`);
  process.exit(2);
}

const config = loadConfig();
if (!config.siteUrlSet)
  console.warn(
    `SITE_URL is not set: building for ${config.siteUrl} (every absolute URL of the site points there); set it to the public origin to publish`,
  );
const paths = releasePaths(config.distDir);
const dataFiles = paths.dataDir;
const now = Date.now();
const timings: string[] = [];
const timed = async <T>(stage: string, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await run();
  const peak = Math.round(process.resourceUsage().maxRSS / 1024);
  timings.push(`${stage} ${((performance.now() - started) / 1000).toFixed(1)} s (peak RSS ${peak} MiB so far)`);
  return result;
};

// No build while a sync or an import writes DATA_DIR (builds share it), and one build at a time of this DIST_DIR (its
// data and cache directories are one per DIST_DIR): a refused build says who holds the lock and exits with 3.
const locks: Awaited<ReturnType<typeof acquireDataLock>>[] = [];
try {
  locks.push(await acquireDataLock(config.dataDir, "npm run build", "shared"));
  await mkdir(paths.buildDir, { recursive: true });
  locks.push(await acquireDataLock(paths.buildDir, `npm run build of ${config.distDir}`));
} catch (err) {
  await Promise.all(locks.map((l) => l.release()));
  console.error((err as Error).message);
  process.exit(err instanceof LockHeldError ? 3 : 1);
}

try {
  // Read before this build may replace the release it continues: its change log and its compressed files.
  const release = await readPreviousRelease(config.distDir);
  const previous = { log: await readPreviousChangeLog(release), variants: previousVariants(release) };
  // 1-3. Validate the data, derive the site, write its data files (/reviews.json, /insights.json, the search index).
  const rules = {
    allowEmpty: config.build.allowEmpty || flags["allow-empty"] === true,
    allowShrink: config.build.allowShrink || flags["allow-shrink"] === true,
  };
  const data = await timed("data", () => runDataStage({ config, rules, now, dir: dataFiles }));
  const site = data.summary;
  // The public data files are compressed on Node's thread pool while Astro renders on the main thread (/reviews.json,
  // 100 MB at 100k reviews, is most of a rebuild's compressing); publish takes them as they are. Handled here too, as
  // a failed render leaves them unawaited.
  const dataHashed = hashAndCompress(dataFiles, [DATASET_FILE, INSIGHTS_FILE], previous.variants);
  dataHashed.catch(() => undefined);
  // 4. Render the pages from those files, and the MCP Apps.
  await timed("pages", () =>
    astroBuild(astroConfig(config, dataFiles, { outDir: paths.stagingDir, cacheDir: paths.cacheDir })),
  );
  // The MCP Apps beside the pages, from the same business data: the sidecar serves them from the release.
  await timed("apps", () => writeMcpApps(config.dataDir, config.siteUrl, paths.stagingDir));
  for (const f of await listFiles(dataFiles)) await rename(path.join(dataFiles, f), path.join(paths.stagingDir, f));
  // 5. Publish: sitemaps, hashes and precompressed variants, change log, manifest, _headers, the atomic switch.
  const published = await timed("publish", async () => publish(paths, site, previous, now, await dataHashed));
  for (const note of site.notes) process.stderr.write(`note: ${note}\n`);
  for (const warning of site.warnings) process.stderr.write(`warning: ${warning}\n`);
  console.log(
    `published ${published.files} files as release ${published.releaseId} (${path.relative(process.cwd(), paths.distDir)} -> ${path.relative(process.cwd(), published.target)}; ${timings.join(", ")}; the data stage's process peaked at ${data.peakMiB} MiB); ${site.analysesRead}; ${published.changes}`,
  );
} catch (err) {
  // A failed build's half-written staging directory is of no use to anyone.
  await rm(paths.stagingDir, { recursive: true, force: true });
  console.error(err instanceof DataError ? err.message : (err as Error).stack);
  console.error(`the build failed; ${config.distDir} was left as it was`);
  process.exitCode = 1;
} finally {
  await rm(dataFiles, { recursive: true, force: true });
  for (const l of locks) await l.release();
}
