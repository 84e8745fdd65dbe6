// The build's view of the data: the source read, derived into every published document.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import { analyzerFor } from "../lib/insights/for-business.ts";
import { type AnalysisColumns, aspectTonesOf } from "../lib/insights/analysis-columns.ts";
import type { Analyzer } from "../lib/insights/engine/analyze.ts";
import { type PreviousQuote, quoteTone } from "../lib/insights/aggregate/summary.ts";
import { analysisColumns, computeInsights } from "../lib/insights/insights.ts";
import { reviewHash } from "../lib/changes/log.ts";
import { assembleDataset, deriveReviews } from "../lib/reviews/dataset.ts";
import { mentionWarnings } from "../lib/reviews/mention-warnings.ts";
import { isStored } from "../lib/reviews/stored-review.ts";
import type { Business } from "../lib/schema/business.ts";
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import { Insights } from "../lib/schema/insights.ts";
import type { ReviewInput } from "../lib/schema/review.ts";
import type { ReviewAnalysis } from "../lib/insights/engine/analyze.ts";
import {
  ANALYSIS_COLUMNS_FILE,
  decodeAnalysisColumns,
  encodeAnalysisColumns,
  reviewsDigest,
} from "./analysis-columns-file.ts";
import { reviewJsonBytes, RoomBefore } from "./dataset-json.ts";
import { deriveIntoJson } from "./derive-into-json.ts";
import { analyzeWithCache } from "./insights-cache.ts";
import { type LargeOutputs, writeLargeOutputs } from "./large-outputs.ts";
import type { PreviousRelease, SourceRecord } from "./previous-release.ts";
import { sha256 } from "./hash.ts";
import { sourceRecordOf } from "./previous-reviews.ts";
import type { SourceRead } from "./read-source.ts";
import { releaseMemory } from "./release-memory.ts";
import { sourceHashOf } from "./source.ts";

export type Site = {
  origin: string;
  sourceHash: string;
  /** What the next build compares its source with. */
  sourceRecord: SourceRecord;
  /** How the reviews were read: how many came from the previous release, or why none did. */
  reviewsRead: string;
  /**
   * Whether every review was derived from the source (a full build) rather than some read back from the previous
   * release: its stages leave most of the heap garbage (release-memory.ts).
   */
  fromSource: boolean;
  /** Where the analyses /insights.json is computed from came from: the previous release, or the insights cache. */
  analysesRead: string;
  /** What the build reports without failing: catalog entries no review mentions, names that cannot stand alone. */
  warnings: readonly string[];
  /** What the build did that the owner asked for and should see done: reviews left out by suppressed.jsonl. */
  notes: readonly string[];
  dataset: ReviewsDataset;
  /**
   * Each review's `reviewHash` (of its JSON as /reviews.json holds it), in the dataset's order: what the change log and
   * the archive pages' keys compare.
   */
  reviewHashes: readonly string[];
  insights: Insights;
  /**
   * /reviews.json and the search index written into the staging directory (large-outputs.ts): /reviews.json started as
   * soon as the dataset is assembled, so that it is made while insights and pages are, and the index too in a rebuild
   * (a full build's once the pages are rendered, `deriveSite`); the publish step awaits it.
   */
  largeOutputs: Promise<LargeOutputs>;
};

/**
 * Derives the site from the source `read`; /reviews.json and the search index are written into `stagingDir`. A full
 * build's search index is made once `pagesRendered` resolves: made while the pages are, its worker's heap (150 MB at
 * 100k reviews) came on top of the main thread's largest, the build's peak memory. A rebuild extends the previous
 * index at once.
 */
export function deriveSite(
  config: Config,
  stagingDir: string,
  read: SourceRead,
  pagesRendered: Promise<void> = Promise.resolve(),
): Promise<Site> {
  const known = {
    origin: config.siteUrl,
    sourceHash: sourceHashOf(read.digests),
    sourceRecord: sourceRecordOf(read.files, read.digests),
    reviewsRead: read.reviewsRead,
    fromSource: read.reused.length === 0,
    notes: read.suppressed ? [read.suppressed] : [],
  };
  // Only the derivation keeps `read`: the source's bytes and reviews, and their analyses, are garbage once the dataset
  // and its analyses' columns are made, before the insights and the pages are.
  return completeSite(known, read.business, read.previous.release, deriveData(config, stagingDir, read, pagesRendered));
}

/** What `deriveData` makes: the published reviews and what the site computes from them. */
type Derived = {
  analyzer: Analyzer;
  dataset: ReviewsDataset;
  reviewHashes: readonly string[];
  columns: AnalysisColumns;
  analysesRead: string;
  /** The analyses made for the reviews added since the previous release, when its reviews were read back. */
  made: ReadonlyMap<string, ReviewAnalysis> | null;
  largeOutputs: Promise<LargeOutputs>;
};

async function completeSite(
  known: Pick<Site, "origin" | "sourceHash" | "sourceRecord" | "reviewsRead" | "fromSource" | "notes">,
  business: Business,
  release: PreviousRelease | null,
  derived: Promise<Derived>,
): Promise<Site> {
  const { analyzer, dataset, reviewHashes, columns, analysesRead, made, largeOutputs } = await derived;
  // A full build's source reviews and analyses are garbage now, and were most of the heap.
  if (known.fromSource) releaseMemory();
  return {
    ...known,
    analysesRead,
    warnings: mentionWarnings(business, dataset.reviews),
    dataset,
    reviewHashes,
    insights: computeInsights(dataset, {
      analyzer,
      columns,
      previousQuote: made && release ? previousQuote(release, made) : null,
    }),
    largeOutputs,
  };
}

/**
 * The dataset, its reviews' hashes and their analyses' columns (written into `stagingDir`), with /reviews.json and the
 * search index started on other threads.
 */
async function deriveData(
  config: Config,
  stagingDir: string,
  read: SourceRead,
  pagesRendered: Promise<void>,
): Promise<Derived> {
  const { previous, business, reused, reusedJson, added } = read;
  const fromSource = reused.length === 0;
  const analyzer = analyzerFor(business);
  // Per-review analysis is cached by content hash and engine version, so adding one review re-analyses one review.
  const analyzeAll = (made?: ReadonlyMap<string, ReviewAnalysis>) =>
    analyzeWithCache([...reused, ...added], analyzer, path.resolve(".cache", "insights"), config.dataDir, made);
  // Reviews read back carry their published annotations, and the previous release keeps their analyses: only the new
  // ones are analysed, and /reviews.json and the search index are started at once.
  const made = fromSource ? null : new Map(added.map((r) => [r.id, analyzer.analyze(r.text, r.rating)]));
  const forDataset = made ?? (await analyzeAll()).analyses;
  // What reading the source and the insights cache left is garbage before the reviews are derived beside it.
  if (fromSource) releaseMemory();
  const analysisOf = (r: ReviewInput) => forDataset.get(r.id)!;
  let dataset: ReviewsDataset;
  let reviewJson: Buffer[];
  if (fromSource) {
    const derived = deriveIntoJson(business, added, analysisOf);
    dataset = assembleDataset(business, derived.reviews);
    reviewJson = derived.json;
  } else {
    dataset = assembleDataset(business, [...reused, ...deriveReviews(business, added, analysisOf)]);
    reviewJson = reviewJsonBytes(dataset.reviews, new Map(reused.map((r, i) => [r, reusedJson[i]!])));
  }
  const room = reusedJson[0] ?? reviewJson[0];
  // Per review of the dataset, its position among the reviews read back (-1 for a new one).
  const at = new Map(reused.map((r, i) => [r, i]));
  const from = fromSource ? null : Int32Array.from(dataset.reviews, (r) => at.get(r) ?? -1);
  const largeOutputs = writeLargeOutputs({
    dir: stagingDir,
    dataset,
    reviewJson,
    // The reviews read back usually end the file (new reviews are newer), else the reviews made here; when the room's
    // reviews do not end it, the file is assembled by copying.
    room: room ? new RoomBefore(room) : null,
    previous: previous.release && from ? { release: previous.release, from } : null,
    release: previous.release,
    indexAfter: fromSource ? pagesRendered : null,
  });
  // Handled by the publish step, which awaits it last; until then a failure must not end the process as unhandled. The
  // handler is made outside this function: a closure made in it would keep, until the workers end, every variable its
  // other closures use, a full build's source reviews and their analyses among them.
  largeOutputs.catch(handledLater);
  // The reviews read back come in their own order among the others, their hashes with them; the rest are hashed here.
  const reusedHashes = await read.reusedHashes;
  let next = 0;
  const reviewHashes = reviewJson.map((json, i) =>
    dataset.reviews[i] === reused[next] ? reusedHashes[next++]! : reviewHash(json),
  );
  // The reviews read back keep the analyses the previous release holds for them; else each is taken from the cache.
  const kept =
    made && from && previous.release ? previousColumns(previous.release, analyzer, from, reusedHashes) : null;
  let columns: AnalysisColumns;
  let analysesRead: string;
  if (made && kept && !(kept instanceof Error)) {
    columns = analysisColumns(dataset.reviews, (r) => made.get(r.id)!, kept);
    analysesRead = `analyses of ${reused.length} reviews taken from the previous release, ${added.length} made`;
  } else {
    const cached = made ? await analyzeAll(made) : { analyses: forDataset };
    columns = analysisColumns(dataset.reviews, (r) => cached.analyses.get(r.id)!);
    analysesRead = `analyses from the insights cache${kept instanceof Error ? ` (${kept.message})` : ""}`;
  }
  // Stored reviews (read back, or a full build's read from the JSON made) take their aspects' tones from the analyses
  // they were made from, not from their JSON.
  const tones = aspectTonesOf(columns);
  dataset.reviews.forEach((r, k) => isStored(r) && r.knowTones(tones(k)));
  writeFileSync(
    path.join(stagingDir, ANALYSIS_COLUMNS_FILE),
    encodeAnalysisColumns(columns, analyzer.version, reviewsDigest(reviewHashes)),
  );
  return { analyzer, dataset, reviewHashes, columns, analysesRead, made, largeOutputs };
}

/**
 * The pull quote of the release whose reviews were read back, and its tone, with the reviews `made` since: the quote
 * is then sought among those and the previous one. None when its /insights.json is missing, is not the one its
 * manifest lists, or does not parse as insights: the quote is then sought among all reviews.
 */
function previousQuote(release: PreviousRelease, made: ReadonlyMap<string, unknown>): PreviousQuote | null {
  const entry = release.files.get("insights.json");
  if (!entry) return null;
  try {
    const bytes = readFileSync(path.join(release.dir, entry.path));
    if (sha256(bytes) !== entry.sha256) return null;
    const doc = Insights.parse(JSON.parse(bytes.toString("utf8")));
    return { tone: quoteTone(doc), reviewId: doc.summary.pull_quote?.review_id ?? null, added: new Set(made.keys()) };
  } catch {
    return null;
  }
}

/** Attached to a promise that is awaited later, so that a rejection before then is not unhandled. */
function handledLater(): void {}

/**
 * The analyses the previous release keeps for the reviews read back from it (the `reviewHash` of each in `hashes`, in
 * its order), with `from`, each review's position there; an Error saying why not when its file is missing, damaged or
 * not theirs.
 */
function previousColumns(
  release: PreviousRelease,
  analyzer: Analyzer,
  from: Int32Array,
  hashes: readonly string[],
): { columns: AnalysisColumns; from: Int32Array } | Error {
  try {
    const file = readFileSync(path.join(release.dir, ANALYSIS_COLUMNS_FILE));
    return { columns: decodeAnalysisColumns(file, analyzer.version, reviewsDigest(hashes), hashes.length), from };
  } catch (err) {
    return new Error(`the previous release's ${ANALYSIS_COLUMNS_FILE}: ${(err as Error).message}`);
  }
}
