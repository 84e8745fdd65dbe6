// The build's one context: its configuration and release paths, and what its stages make (the previous release, the
// source read, the derived site, the archive pages' plan, the previous change log), each made once, when first asked for.
import type { Config } from "../config.ts";
import { type ArchivePlan, planArchivePages } from "./archive-pages.ts";
import { type PreviousChangeLog, readPreviousChangeLog } from "./change-log.ts";
import { type PreviousBuild, readPreviousBuild } from "./previous-release.ts";
import { readBuildSource, type SourceRead } from "./read-source.ts";
import { type ReleasePaths, releasePaths } from "./release-paths.ts";
import { liveReviewCount, reviewCountProblems } from "./review-count.ts";
import { deriveSite, type Site } from "./site.ts";
import { DataError } from "./source.ts";

export type BuildContext = Readonly<{
  config: Config;
  /** Where this build stages its files and publishes its release. */
  paths: ReleasePaths;
  /** When the build started (epoch milliseconds): the clock the data's dates are checked by and the change log's. */
  now: number;
  /** This build's code fingerprint, and the release DIST_DIR points at when this build may reuse it. */
  previousBuild: () => Promise<PreviousBuild>;
  /** Starts reading the source (the build-context integration does when the build starts, while Vite bundles). */
  startReadingSource: () => void;
  site: () => Promise<Site>;
  /** The change log of the release DIST_DIR pointed at when the build started, which this build continues. */
  previousChangeLog: () => Promise<PreviousChangeLog>;
  archivePlan: () => Promise<ArchivePlan>;
}>;

/** The context of a build with `config`, run at `now` (epoch milliseconds: the clock the data's dates are checked by). */
export function createBuildContext(config: Config, now: number): BuildContext {
  const paths = releasePaths(config.distDir);
  const previousBuild = once(() => readPreviousBuild(config.distDir));
  // Read at the start, before this build may replace the release.
  const liveCount = once(() => liveReviewCount(config.distDir));
  const previousChangeLog = once(() => readPreviousChangeLog(config.distDir));
  // Held until the site takes it over, then dropped: the source files and the parsed lines (100 MB and more at 100k
  // reviews) go once the dataset is derived from them.
  let reading: Promise<SourceRead> | null = null;
  let taken = false;
  const startReading = () => {
    liveCount();
    previousChangeLog();
    return (reading ??= readBuildSource(config.dataDir, previousBuild, now));
  };
  const site = once(async () => {
    const read = startReading();
    reading = null;
    taken = true;
    const source = await read;
    const count = source.reused.length + source.added.length;
    const problems = reviewCountProblems(source.files.reviewsFile, count, await liveCount(), config.build);
    if (problems.length > 0) throw new DataError(problems);
    return deriveSite(config, paths.stagingDir, source);
  });
  const archivePlan = once(async () => planArchivePages(await site(), await previousBuild()));
  return Object.freeze({
    config,
    paths,
    now,
    previousBuild,
    startReadingSource: () => {
      // A failure is the site's to report when it takes the read over; until then it must not end the process.
      if (!taken) startReading().catch(() => {});
    },
    site,
    previousChangeLog,
    archivePlan,
  });
}

/** `make`, called the first time only; later calls return what it returned. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
