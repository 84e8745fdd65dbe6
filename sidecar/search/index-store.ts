// Keeps the search index of the release being served: built from its /reviews.json at start and after every swap.
import { readFile } from "node:fs/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { type AspectLabel, buildSearchIndexSteps, type SearchIndex } from "../../src/lib/search/index.ts";
import type { Business } from "../../src/lib/schema/business.ts";
import type { Site } from "../dist/site.ts";
import type { Logger } from "../log.ts";
import { type InsightsDoc, readInsightsFile } from "./insights-file.ts";
import { readReviewsFile, type ReviewsFile } from "./reviews-file.ts";

/** A release as the read API and MCP answer from it: its index, and the rest of what its two datasets publish. */
export type IndexedRelease = Readonly<{
  siteId: string;
  index: SearchIndex;
  updatedAt: string;
  business: Business;
  insights: InsightsDoc | null;
  /** Why `insights` is null. */
  insightsProblem: string | null;
}>;

export type SearchIndexStore = Readonly<{
  /** The newest index that is ready; the previous one keeps answering while a new one is built. */
  current: () => IndexedRelease;
  /** Builds the index of `site` and makes it current (after a release swap). */
  update: (site: Site) => Promise<void>;
}>;

/** Waits for the next turn of the event loop: requests that arrived meanwhile are answered first. */
export type Pause = () => Promise<unknown>;

/** Loads the datasets the build published; the sidecar never derives them again, it only indexes them. */
export async function indexRelease(site: Site, pause: Pause = nextTurn): Promise<IndexedRelease> {
  const file = site.files.get("/reviews.json");
  if (!file) throw new Error(`release ${site.id} has no /reviews.json`);
  let dataset: ReviewsFile;
  try {
    dataset = readReviewsFile(await readFile(file.identity.file));
  } catch (err) {
    throw new Error(`release ${site.id}: /reviews.json: ${(err as Error).message}`, { cause: err });
  }
  const { insights, problem } = await readInsightsFile(site);
  const steps = buildSearchIndexSteps(dataset.head.business, dataset.reviews, aspectLabels(insights));
  const index = await betweenRequests(steps, pause);
  const { business, updated_at: updatedAt } = dataset.head;
  return Object.freeze({ siteId: site.id, index, updatedAt, business, insights, insightsProblem: problem });
}

/** Runs a stepped build, letting the event loop answer waiting requests after every step. */
async function betweenRequests<T>(steps: Generator<void, T>, pause: Pause): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause();
  }
}

/** The aspects of the taxonomy the build used (so `aspect` accepts labels too); none when the release has no insights. */
function aspectLabels(insights: InsightsDoc | null): AspectLabel[] {
  const aspects = insights?.["aspects"];
  if (!Array.isArray(aspects)) return [];
  return aspects.filter((a): a is AspectLabel => typeof a?.id === "string" && typeof a?.label === "string");
}

export async function createSearchIndexStore(
  initial: Site,
  logger: Logger,
  pause: Pause = nextTurn,
): Promise<SearchIndexStore> {
  const warnInsights = (r: IndexedRelease) => {
    if (r.insightsProblem) logger.warn("insights unavailable", { release: r.siteId, problem: r.insightsProblem });
  };
  let current = await indexRelease(initial, pause);
  warnInsights(current);
  let latestRequested = initial.id;
  return Object.freeze({
    current: () => current,
    update: async (site: Site) => {
      latestRequested = site.id;
      try {
        const next = await indexRelease(site, pause);
        // A slower build of an older release must not replace a newer one.
        if (latestRequested === site.id) current = next;
        logger.info("search index ready", { release: site.id, reviews: next.index.size });
        warnInsights(next);
      } catch (err) {
        logger.error("search index not rebuilt, still answering from the previous release", {
          release: site.id,
          err: err as Error,
        });
      }
    },
  });
}
