// Keeps the search index of the release being served, over its database: loaded at start and after every swap.
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
import type { Review } from "../../src/lib/schema/review.ts";
import type { Release } from "./release.ts";
import type { Logger } from "../log.ts";
import type { InsightsDoc } from "../../src/lib/mcp/snapshot.ts";
import { readInsightsFile } from "./insights-file.ts";
import type { ChangeFeed } from "../../src/lib/changes/feed.ts";
import { idsDigest } from "../../src/lib/release-db/schema.ts";
import { openReleaseDb, type ReleaseDb } from "./release-db.ts";

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
  /** The position of the review with this id in `index`. */
  position: (id: string) => number | undefined;
  /** Keeps the release's database open for work that spans turns of the event loop; call what it returns when done. */
  hold: ReleaseDb["hold"];
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
type IndexSource = { ok: true } | { ok: false; why: string };

/** An indexed release and how to close its database once it is no longer served. */
type Indexing = Readonly<{ release: IndexedRelease; retire: () => void }>;

/**
 * Opens the release's database, whose reviews the index reads, and loads the index the build wrote beside it when it
 * fits those reviews; otherwise the index is built here from the database's reviews.
 */
async function indexRelease(
  site: IndexableRelease,
  pause: Pause = nextTurn,
  onIndex: (source: IndexSource) => void = () => {},
): Promise<Indexing> {
  // The index file is the build's, see src/lib/search/index-file.ts.
  const reading = Promise.all([readIndexFile(site), readInsightsFile(site)]);
  let db: ReleaseDb;
  try {
    db = openReleaseDb(site);
  } catch (err) {
    reading.catch(() => {}); // the failure reported is the first one
    throw err;
  }
  try {
    const [indexFile, { insights, problem }] = await reading;
    const aspects = aspectLabels(insights);
    const prebuilt = await loadIndexFile(indexFile, db, aspects, pause);
    onIndex(prebuilt.index ? { ok: true } : { ok: false, why: prebuilt.why });
    const { business, updated_at: updatedAt } = db.head;
    const source: ReviewSource = { ...db, parse: (k) => JSON.parse(db.json(k)) as Review };
    const index = prebuilt.index ?? (await betweenRequests(buildSearchIndexSteps(business, source, aspects), pause));
    // The build checked the change log against the reviews when it wrote the database (src/build/release-db.ts).
    const changes = { changes: db.changes, changesProblem: db.changes ? null : "this release has no change log" };
    const release = { releaseId: site.id, index, updatedAt, business, insights, insightsProblem: problem, ...changes };
    // Built on the first lookup: 100k entries take a few milliseconds, once per release.
    let positions: Map<string, number> | undefined;
    const position = (id: string) =>
      (positions ??= new Map(index.ids.slice(0, index.size).map((v, i) => [v, i]))).get(id);
    return { release: Object.freeze({ ...release, position, hold: db.hold }), retire: db.retire };
  } catch (err) {
    db.retire();
    throw err;
  }
}

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

/** The index the release's file holds, if it was written for exactly the reviews of the release's database. */
async function loadIndexFile(
  file: Buffer | string,
  db: ReleaseDb,
  aspects: readonly AspectLabel[],
  pause: Pause,
): Promise<{ index: SearchIndex; why?: never } | { index?: never; why: string }> {
  if (typeof file === "string") return { why: file };
  let decoded;
  try {
    decoded = decodeSearchIndex(file);
  } catch (err) {
    return { why: `${INDEX_FILE_NAME}: ${(err as Error).message}` };
  }
  try {
    // Two pieces of work of a few hundred milliseconds at 100k reviews: requests waiting meanwhile go in between.
    await pause();
    return { index: fitIndexFile(decoded, db, aspects) };
  } catch (err) {
    return { why: `${INDEX_FILE_NAME}: ${(err as Error).message}` };
  }
}

/**
 * A decoded index file over the release's reviews, which it reads from `reviews`. Throws when the file lists other
 * reviews or another order, or the same reviews of another `updated_at`.
 */
function fitIndexFile(
  { columns, updatedAt }: DecodedIndex,
  reviews: Pick<ReleaseDb, "head" | "count" | "idsSha256" | "json" | "jsonMany">,
  aspects: readonly AspectLabel[] = [],
): SearchIndex {
  const { head } = reviews;
  if (head.updated_at !== updatedAt)
    throw new Error(`written for reviews updated ${updatedAt}, not ${head.updated_at}`);
  // The same reviews in the same order: every count and date may agree while the places of the records do not.
  if (idsDigest(idsInSourceOrder(columns)) !== reviews.idsSha256) {
    const sizes = `${columns.size} reviews, the release has ${reviews.count}`;
    const why = columns.size === reviews.count ? "other reviews, or another order" : sizes;
    throw new Error(`not the reviews the index lists: ${why}`);
  }
  return assembleIndex(columns, head.business, reviews, aspects);
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
  return aspects.filter((a: unknown): a is AspectLabel => {
    const { id, label } = (a ?? {}) as { id?: unknown; label?: unknown };
    return typeof id === "string" && typeof label === "string";
  });
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
        logger.warn("the release's search index file is not usable: indexing the release's reviews instead", {
          release: site.id,
          problem: source.why,
        });
    });
  let current = await index(initial);
  warnUnavailable(current.release);
  let latestRequested = initial.id;
  return Object.freeze({
    current: () => current.release,
    update: async (site: IndexableRelease) => {
      latestRequested = site.id;
      try {
        const next = await index(site);
        // A slower build of an older release must not replace a newer one.
        const [retired, kept] = latestRequested === site.id ? [current, next] : [next, current];
        current = kept;
        // Requests answered in one turn are done with it; work that spans turns holds it until it ends.
        retired.retire();
        logger.info("search index ready", { release: site.id, reviews: next.release.index.size });
        warnUnavailable(next.release);
      } catch (err) {
        logger.error("search index not rebuilt, still answering from the previous release", {
          release: site.id,
          err: err as Error,
        });
      }
    },
  });
}
