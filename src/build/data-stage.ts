// The build's data stage: reads and validates the source, derives the site and writes its data files, in a process of
// its own. Its memory (1.1 GiB at 100k reviews: the source, the analyses, the derived reviews) is then given back when
// it ends, before Astro renders the pages. Run in the build's process, or on a worker thread, most of it stayed
// resident while Astro's grew (freed but kept by the allocator), and the build's peak was both together.
import { fork } from "node:child_process";
import type { Config } from "../config.ts";
import { deriveSite, type SiteSummary } from "./derive.ts";
import { writeReleaseFiles } from "./release-files.ts";
import { liveReviewCount, type ReviewCountRules, reviewCountProblems } from "./review-count.ts";
import { DataError, parseSource, readSourceFiles, sourceDigests, sourceHashOf } from "./source.ts";

export type DataStageJob = { config: Config; rules: ReviewCountRules; now: number; dir: string };

/** What the stage's process sends: the site's summary and the process's peak RSS, or why the stage failed. */
export type DataStageResult = { summary: SiteSummary; peakMiB: number } | { problems: string[] } | { error: string };

/**
 * Reads and validates the source of `config` (a bad record fails with its file, line and field, and so does a release
 * emptied or more than halved unless `rules` allow it), derives the site and writes its data files into `dir`; returns
 * only what publishing needs. `now` (epoch milliseconds) is the clock the data's dates are checked by.
 */
export async function deriveAndWrite({ config, rules, now, dir }: DataStageJob): Promise<SiteSummary> {
  const files = readSourceFiles(config.dataDir);
  const source = parseSource(files, now);
  const live = await liveReviewCount(config.distDir, source.business.id);
  const problems = reviewCountProblems(files.reviewsFile, source.reviews.length, live, rules);
  if (problems.length > 0) throw new DataError(problems);
  const site = await deriveSite(config, source, sourceHashOf(sourceDigests(files)));
  await writeReleaseFiles(dir, site);
  return site.summary;
}

/** `deriveAndWrite` in a process of its own (data-stage-main.ts). */
export function runDataStage(job: DataStageJob): Promise<{ summary: SiteSummary; peakMiB: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./data-stage-main.ts", import.meta.url), { serialization: "advanced" });
    let result: DataStageResult | null = null;
    child.on("message", (message: DataStageResult) => (result = message));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (result && "summary" in result) resolve(result);
      else if (result && "problems" in result) reject(new DataError(result.problems));
      else reject(new Error(result?.error ?? `the data stage's process ended (${signal ?? `exit code ${code}`})`));
    });
    child.send(job);
  });
}
