// Keeps the search index of the release being served: built from its /reviews.json at start and after every swap.
import { readFile } from "node:fs/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { type AspectLabel, buildSearchIndexSteps, type SearchIndex } from "../../src/lib/search/index.ts";
import type { Site } from "../dist/site.ts";
import type { Logger } from "../log.ts";
import { readReviewsFile, type ReviewsFile } from "./reviews-file.ts";

export type IndexedRelease = Readonly<{ siteId: string; index: SearchIndex; updatedAt: string }>;

export type SearchIndexStore = Readonly<{
  /** The newest index that is ready; the previous one keeps answering while a new one is built. */
  current: () => IndexedRelease;
  /** Builds the index of `site` and makes it current (after a release swap). */
  update: (site: Site) => Promise<void>;
}>;

/** Loads the dataset the build published; the sidecar never derives it again, it only indexes it. */
/** Waits for the next turn of the event loop: requests that arrived meanwhile are answered first. */
export type Pause = () => Promise<unknown>;

export async function indexRelease(site: Site, pause: Pause = nextTurn): Promise<IndexedRelease> {
  const file = site.files.get("/reviews.json");
  if (!file) throw new Error(`release ${site.id} has no /reviews.json`);
  let dataset: ReviewsFile;
  try {
    dataset = readReviewsFile(await readFile(file.identity.file));
  } catch (err) {
    throw new Error(`release ${site.id}: /reviews.json: ${(err as Error).message}`, { cause: err });
  }
  const steps = buildSearchIndexSteps(dataset.head.business, dataset.reviews, await aspectLabels(site));
  const index = await betweenRequests(steps, pause);
  return Object.freeze({ siteId: site.id, index, updatedAt: dataset.head.updated_at });
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
async function aspectLabels(site: Site): Promise<AspectLabel[]> {
  const file = site.files.get("/insights.json");
  if (!file) return [];
  const insights = JSON.parse(await readFile(file.identity.file, "utf8")) as { aspects?: unknown };
  if (!Array.isArray(insights.aspects)) return [];
  return insights.aspects.filter((a): a is AspectLabel => typeof a?.id === "string" && typeof a?.label === "string");
}

export async function createSearchIndexStore(
  initial: Site,
  logger: Logger,
  pause: Pause = nextTurn,
): Promise<SearchIndexStore> {
  let current = await indexRelease(initial, pause);
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
      } catch (err) {
        logger.error("search index not rebuilt, still answering from the previous release", {
          release: site.id,
          err: err as Error,
        });
      }
    },
  });
}
