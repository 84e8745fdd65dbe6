// The build's one context: its configuration and release paths, and what its stages make (the previous release, the
// source read, the derived site, the archive pages' plan, the previous change log), each made once, when first asked for.
import type { Config } from "../config.ts";
import { type ArchivePlan, planArchivePages } from "./archive-pages.ts";
import { type PreviousChangeLogFile, readPreviousChangeLog } from "./change-log.ts";
import { type PreviousBuild, readPreviousBuild } from "./previous-release.ts";
import { readBuildSource } from "./read-source.ts";
import { readSourceAhead, type SourceReadAhead } from "./source-read-ahead.ts";
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
  /**
   * Reads what the build continues from the release DIST_DIR points at (its record, review count and change log) before
   * the build may replace it: the build-context integration does when the build starts. The source files and the
   * previous /reviews.json are read and hashed then too, on a worker thread while Vite bundles (source-read-ahead.ts).
   * They are parsed when the first page asks for the site, once Vite has bundled the pages: parsed while Vite runs on
   * the same thread, 100k reviews in the heap slow every garbage collection of Vite's.
   */
  readPrevious: () => void;
  site: () => Promise<Site>;
  /** The change log file of the release DIST_DIR pointed at when the build started, which this build continues. */
  previousChangeLog: () => Promise<PreviousChangeLogFile>;
  archivePlan: () => Promise<ArchivePlan>;
  /**
   * Called by the publish step once the pages are rendered: a full build's search index is made from then on
   * (`deriveSite`).
   */
  pagesRendered: () => void;
}>;

/** The context of a build with `config`, run at `now` (epoch milliseconds: the clock the data's dates are checked by). */
export function createBuildContext(config: Config, now: number): BuildContext {
  const paths = releasePaths(config.distDir);
  const previousBuild = once(() => readPreviousBuild(config.distDir));
  // Read at the start, before this build may replace the release.
  const liveCount = once(() => liveReviewCount(config.distDir));
  const previousChangeLog = once(() => readPreviousChangeLog(config.distDir));
  // Started when the build starts and taken by the one reading of the source: after that nothing here keeps its buffers.
  let sourceAhead: Promise<SourceReadAhead | null> | null = null;
  let aheadTaken = false;
  const readAhead = () =>
    aheadTaken ? Promise.resolve(null) : (sourceAhead ??= readSourceAhead(config.dataDir, previousBuild));
  const takeAhead = () => {
    const ahead = readAhead();
    [aheadTaken, sourceAhead] = [true, null];
    return ahead;
  };
  let pagesRendered = () => {};
  const rendered = new Promise<void>((resolve) => (pagesRendered = resolve));
  const site = once(async () => {
    const source = await readBuildSource(config.dataDir, previousBuild, now, takeAhead());
    const count = source.reused.length + source.added.length;
    const problems = reviewCountProblems(source.files.reviewsFile, count, await liveCount(), config.build);
    if (problems.length > 0) throw new DataError(problems);
    return deriveSite(config, paths.stagingDir, source, rendered);
  });
  const archivePlan = once(async () => planArchivePages(await site(), await previousBuild()));
  return Object.freeze({
    config,
    paths,
    now,
    previousBuild,
    readPrevious: () => {
      // Failures are reported by the stages that await these; until then they must not end the process.
      for (const read of [previousBuild, liveCount, previousChangeLog, readAhead]) read().catch(() => {});
    },
    site,
    previousChangeLog,
    archivePlan,
    pagesRendered,
  });
}

/** `make`, called the first time only; later calls return what it returned. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
