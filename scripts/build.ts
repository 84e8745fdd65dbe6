// `npm run build [-- --allow-empty] [-- --allow-shrink]`: builds the site from DATA_DIR and publishes it atomically
// into DIST_DIR. Read top to bottom: validate the data, derive the site, write its data files, render the pages with
// Astro, publish.
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { build as astroBuild } from "astro";
import { astroConfig } from "../src/build/astro-config.ts";
import { readPreviousChangeLog } from "../src/build/change-log.ts";
import { deriveSite, type SiteSummary } from "../src/build/derive.ts";
import { listFiles } from "../src/build/list-files.ts";
import { publish } from "../src/build/publish/publish.ts";
import { releasePaths } from "../src/build/release-paths.ts";
import { writeReleaseFiles } from "../src/build/release-files.ts";
import { liveReviewCount, reviewCountProblems } from "../src/build/review-count.ts";
import { DataError, parseSource, readSourceFiles, sourceDigests, sourceHashOf } from "../src/build/source.ts";
import { type Config, loadConfig } from "../src/config.ts";

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
// The data files are written beside the staging directory, which Astro empties before it renders into it.
const dataFiles = `${paths.stagingDir}-data`;
const now = Date.now();
const timings: string[] = [];
const timed = async <T>(stage: string, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await run();
  timings.push(`${stage} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

try {
  // Read before this build may replace the release it continues.
  const previousLog = await readPreviousChangeLog(config.distDir);
  // 1-3. Validate the data, derive the site, write its data files: the site itself is garbage once they are written.
  const site = await timed("data", () => deriveAndWrite(config, dataFiles));
  // 4. Render the pages from those files.
  await timed("pages", () => astroBuild(astroConfig(config, dataFiles, paths.stagingDir)));
  for (const f of await listFiles(dataFiles)) await rename(path.join(dataFiles, f), path.join(paths.stagingDir, f));
  // 5. Publish: sitemaps, hashes and precompressed variants, change log, manifest, _headers, the atomic switch.
  const published = await timed("publish", () => publish(paths, site, previousLog, now));
  for (const note of site.notes) process.stderr.write(`note: ${note}\n`);
  for (const warning of site.warnings) process.stderr.write(`warning: ${warning}\n`);
  console.log(
    `published ${published.files} files as release ${published.releaseId} (${path.relative(process.cwd(), paths.distDir)} -> ${path.relative(process.cwd(), published.target)}; ${timings.join(", ")}); ${site.analysesRead}; ${published.changes}`,
  );
} catch (err) {
  // A failed build's half-written staging directory is of no use to anyone.
  await rm(paths.stagingDir, { recursive: true, force: true });
  console.error(err instanceof DataError ? err.message : (err as Error).stack);
  console.error(`the build failed; ${config.distDir} was left as it was`);
  process.exitCode = 1;
} finally {
  await rm(dataFiles, { recursive: true, force: true });
}

/**
 * 1. Reads and validates the source (a bad record fails the build with its file, line and field, and so does a release
 * emptied or more than halved unless the flags allow it); 2. derives the site; 3. writes the release's data files into
 * `dir`. Returns only what publishing needs.
 */
async function deriveAndWrite(config: Config, dir: string): Promise<SiteSummary> {
  const files = readSourceFiles(config.dataDir);
  const source = parseSource(files, now);
  const rules = {
    allowEmpty: config.build.allowEmpty || flags["allow-empty"] === true,
    allowShrink: config.build.allowShrink || flags["allow-shrink"] === true,
  };
  const live = await liveReviewCount(config.distDir);
  const problems = reviewCountProblems(files.reviewsFile, source.reviews.length, live, rules);
  if (problems.length > 0) throw new DataError(problems);
  const site = await deriveSite(config, source, sourceHashOf(sourceDigests(files)));
  await writeReleaseFiles(dir, site);
  return site.summary;
}
