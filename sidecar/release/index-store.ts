// Keeps the search index of the release being served: built from its /reviews.json at start and after every swap.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  type DecodedIndex,
  decodeSearchIndex,
  INDEX_FILE_FORMAT,
  INDEX_FILE_NAME,
  indexFileChecksum,
} from "../../src/lib/search/index-file.ts";
import {
  type AspectLabel,
  assembleIndex,
  buildSearchIndexSteps,
  idsInSourceOrder,
  type ReviewSource,
  type SearchIndex,
} from "../../src/lib/search/index.ts";
import type { Business } from "../../src/lib/schema/business.ts";
import { releaseFile } from "./load.ts";
import type { Release } from "./release.ts";
import type { Logger } from "../log.ts";
import type { InsightsDoc } from "../../src/lib/mcp/snapshot.ts";
import { feedOf, readChangesFile } from "./changes-file.ts";
import { readInsightsFile } from "./insights-file.ts";
import type { ChangeFeed } from "../../src/lib/changes/feed.ts";
import { readReviewsFile, readReviewsFileOf, type ReviewsFile, type Split } from "./reviews-file.ts";
import { giveBack } from "./give-back.ts";
import { discard, keepOpen, type OpenReviewsFile, openReviewsFile, reviewsAtRest } from "./reviews-at-rest.ts";

/** A release as the read API and MCP answer from it: its index, and the rest of what its two datasets publish. */
export type IndexedRelease = Readonly<{
  releaseId: string;
  index: SearchIndex;
  updatedAt: string;
  business: Business;
  insights: InsightsDoc | null;
  /** Why `insights` is null. */
  insightsProblem: string | null;
  /** The change feed (the release's change log over this index). */
  changes: ChangeFeed | null;
  /** Why `changes` is null. */
  changesProblem: string | null;
}>;

export type SearchIndexStore = Readonly<{
  /** The newest index that is ready; the previous one keeps answering while a new one is built. */
  current: () => IndexedRelease;
  /** Builds the index of `site` and makes it current (after a release swap). */
  update: (site: IndexableRelease) => Promise<void>;
}>;

/** What indexing needs of a release: its files (the manifest is enough, the files need not have been checked yet). */
export type IndexableRelease = Pick<Release, "id" | "dir" | "manifest">;

/** Waits for the next turn of the event loop: requests that arrived meanwhile are answered first. */
export type Pause = () => Promise<unknown>;

/** What happened to the release's prebuilt index file, for the log. */
export type IndexSource = { ok: true } | { ok: false; why: string };

/**
 * Loads the datasets the build published; the sidecar never derives them again. The search index is the one the build
 * wrote beside them when it fits the published /reviews.json; otherwise it is built here from that file.
 */
export async function indexRelease(
  site: IndexableRelease,
  pause: Pause = nextTurn,
  onIndex: (source: IndexSource) => void = () => {},
): Promise<IndexedRelease> {
  const file = releaseFile(site, "/reviews.json");
  if (!file) throw new Error(`release ${site.id} has no /reviews.json`);
  // The four files are read at once (the index file is the build's, see src/lib/search/index-file.ts).
  const reading = Promise.all([readIndexFile(site), readInsightsFile(site), readChangesFile(site)]);
  let reviewsFile: OpenReviewsFile;
  try {
    reviewsFile = await openReviewsFile(file);
  } catch (err) {
    reading.catch(() => {}); // the failure reported is the first one
    throw err;
  }
  try {
    const [indexFile, insightsFile, changesFile] = await reading;
    return await indexOpenRelease(site, reviewsFile, indexFile, insightsFile, changesFile, pause, onIndex);
  } catch (err) {
    discard(reviewsFile);
    throw err;
  }
}

/** The release indexed from its open /reviews.json, whose reviews it then reads from the file (`reviews-at-rest.ts`). */
async function indexOpenRelease(
  site: IndexableRelease,
  reviewsFile: OpenReviewsFile,
  indexFile: Buffer | string,
  { insights, problem }: Awaited<ReturnType<typeof readInsightsFile>>,
  changesFile: Awaited<ReturnType<typeof readChangesFile>>,
  pause: Pause,
  onIndex: (source: IndexSource) => void,
): Promise<IndexedRelease> {
  const aspects = aspectLabels(insights);
  // The reader the index keeps (the last made: a prebuilt index found unfit leaves its own unused).
  let reader: ((k: number) => string) | undefined;
  const atRest = (split: Split) => ({ json: (reader = reviewsAtRest(reviewsFile, split)) });
  const prebuilt = await loadIndexFile(indexFile, reviewsFile.bytes, aspects, pause, atRest);
  onIndex(prebuilt.release ? { ok: true } : { ok: false, why: prebuilt.why });
  // Handing the descriptor on is the last step: a release that fails before it closes the file (indexRelease).
  if (prebuilt.release) {
    const changes = feedOf(changesFile, prebuilt.release.index.ids);
    const indexed = { releaseId: site.id, ...prebuilt.release, insights, insightsProblem: problem, ...changes };
    keepOpen(reviewsFile, reader!);
    return Object.freeze(indexed);
  }
  let dataset: ReviewsFile;
  try {
    dataset = readReviewsFile(reviewsFile.bytes);
  } catch (err) {
    throw new Error(`release ${site.id}: /reviews.json: ${(err as Error).message}`, { cause: err });
  }
  const source = { ...dataset.reviews, ...atRest(dataset.split) };
  const index = await betweenRequests(buildSearchIndexSteps(dataset.head.business, source, aspects), pause);
  const { business, updated_at: updatedAt } = dataset.head;
  const changes = feedOf(changesFile, index.ids);
  const indexed = { releaseId: site.id, index, updatedAt, business, insights, insightsProblem: problem, ...changes };
  keepOpen(reviewsFile, source.json);
  return Object.freeze(indexed);
}

type Indexed = Pick<IndexedRelease, "index" | "updatedAt" | "business">;

/** The bytes of the index file the manifest describes, or why there is none this sidecar can use. */
async function readIndexFile(site: IndexableRelease): Promise<Buffer | string> {
  const listed = site.manifest.search_index;
  if (!listed) return `no ${INDEX_FILE_NAME} (the manifest lists no search index)`;
  if (listed.format !== INDEX_FILE_FORMAT)
    return `the release's index is format ${listed.format}, this sidecar reads format ${INDEX_FILE_FORMAT}`;
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(site.dir, listed.path));
  } catch (err) {
    return `no ${INDEX_FILE_NAME} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  // The file the build wrote for this release, not one of another build put beside it (its contents are checked next).
  try {
    if (indexFileChecksum(bytes) === listed.crc32) return bytes;
    return `${INDEX_FILE_NAME} is not the one manifest.json describes (CRC-32 differs)`;
  } catch (err) {
    return `${INDEX_FILE_NAME}: ${(err as Error).message}`;
  }
}

/** The index the release's file holds, if it was written for exactly the reviews of its /reviews.json. */
async function loadIndexFile(
  file: Buffer | string,
  reviewsBytes: Buffer,
  aspects: readonly AspectLabel[],
  pause: Pause,
  keep: KeepReviews,
): Promise<{ release: Indexed; why?: never } | { release?: never; why: string }> {
  if (typeof file === "string") return { why: file };
  let decoded;
  try {
    decoded = decodeSearchIndex(file);
  } catch (err) {
    return { why: `${INDEX_FILE_NAME}: ${(err as Error).message}` };
  } finally {
    // The index holds copies of the file's sections.
    giveBack(file);
  }
  try {
    // Two pieces of work of a few hundred milliseconds at 100k reviews: requests waiting meanwhile go in between.
    await pause();
    return { release: fitIndexFile(decoded, reviewsBytes, aspects, keep) };
  } catch (err) {
    return { why: `${INDEX_FILE_NAME}: ${(err as Error).message}` };
  }
}

/** Where the index reads reviews from once it is built: by default the bytes it was built from. */
type KeepReviews = (split: Split) => Pick<ReviewSource, "json">;

/**
 * A decoded index file over the published /reviews.json: each review's bytes found from the ids the index lists.
 * Throws when the file holds other reviews, or the same reviews of another `updated_at`.
 */
export function fitIndexFile(
  { columns, updatedAt }: DecodedIndex,
  reviewsBytes: Buffer,
  aspects: readonly AspectLabel[] = [],
  keep?: KeepReviews,
): Indexed {
  const { head, reviews, split } = readReviewsFileOf(reviewsBytes, idsInSourceOrder(columns));
  if (head.updated_at !== updatedAt)
    throw new Error(`written for reviews updated ${updatedAt}, not ${head.updated_at}`);
  const source = keep ? keep(split) : reviews;
  return { index: assembleIndex(columns, head.business, source, aspects), updatedAt, business: head.business };
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
export function aspectLabels(insights: InsightsDoc | null): AspectLabel[] {
  const aspects = insights?.["aspects"];
  if (!Array.isArray(aspects)) return [];
  return aspects.filter((a): a is AspectLabel => typeof a?.id === "string" && typeof a?.label === "string");
}

export async function createSearchIndexStore(
  initial: IndexableRelease,
  logger: Logger,
  pause: Pause = nextTurn,
): Promise<SearchIndexStore> {
  const warnUnavailable = (r: IndexedRelease) => {
    if (r.insightsProblem) logger.warn("insights unavailable", { release: r.releaseId, problem: r.insightsProblem });
    if (r.changesProblem) logger.warn("change feed unavailable", { release: r.releaseId, problem: r.changesProblem });
  };
  const index = (site: IndexableRelease) =>
    indexRelease(site, pause, (source) => {
      if (!source.ok)
        logger.warn("the release's search index file is not usable: indexing /reviews.json instead", {
          release: site.id,
          problem: source.why,
        });
    });
  let current = await index(initial);
  warnUnavailable(current);
  let latestRequested = initial.id;
  return Object.freeze({
    current: () => current,
    update: async (site: IndexableRelease) => {
      latestRequested = site.id;
      try {
        const next = await index(site);
        // A slower build of an older release must not replace a newer one.
        if (latestRequested === site.id) current = next;
        logger.info("search index ready", { release: site.id, reviews: next.index.size });
        warnUnavailable(next);
      } catch (err) {
        logger.error("search index not rebuilt, still answering from the previous release", {
          release: site.id,
          err: err as Error,
        });
      }
    },
  });
}
