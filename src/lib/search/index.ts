// The in-memory search index over a published dataset: positions in newest-first order, bitsets per filter value, text index.
import { reviewModifiedAt } from "../reviews/last-change.ts";
import { catalogResolver } from "../reviews/catalog-terms.ts";
import { hasText } from "../reviews/aggregate.ts";
import { newestFirst } from "../reviews/order.ts";
import type { Business } from "../schema/business.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { Review } from "../schema/review.ts";
import { normalizeText } from "../text/normalize.ts";
import { type Bitset, emptyBitset, setBit } from "./bitset.ts";
import { buildTextIndexSteps, runSteps, STEP, type TextColumns, type TextIndex, textIndexOf } from "./text-index.ts";
import type { Strings } from "./string-runs.ts";

type Resolver = (input: string) => string | null;

export type SearchIndex = IndexColumns & {
  /** The review at a position (newest first: date descending, then id descending), parsed afresh on each call. */
  review: (position: number) => Review;
  /** Its published JSON. Records are kept as JSON, not objects: the index holds only what filters need. */
  reviewJson: (position: number) => string;
  /** The reviews at several positions (a page of results), read together, in the order asked. */
  reviews: (positions: readonly number[]) => Review[];
  reviewsJson: (positions: readonly number[]) => string[];
  text: TextIndex;
  /** A technician's or service's id, name, alias or standing-alone first name to its id (catalog-terms.ts). */
  resolveTechnician: Resolver;
  resolveService: Resolver;
  /** The entries the resolvers know, listed when a name resolves to none of them. */
  catalog: Pick<Business, "technicians" | "services">;
  resolveAspect: Resolver;
};

/** What the index stores (and `index-file.ts` writes): everything but what is built from it when it is loaded. */
export type IndexColumns = {
  size: number;
  /** The place in the source (`ReviewSource`, the published file's order) of the review at each position. */
  order: Uint32Array;
  dates: readonly string[];
  ids: Strings;
  /** Stars per position. */
  ratings: Uint8Array;
  /** Reviews with text (the rest are rating-only). */
  withText: Bitset;
  /** Newest change of each review (publication, edit or owner reply), RFC 3339. */
  modifiedAt: Strings;
  /** byRating[r]: reviews with exactly r stars. */
  byRating: readonly Bitset[];
  byTechnician: ReadonlyMap<string, Bitset>;
  byService: ReadonlyMap<string, Bitset>;
  /** Per aspect id: reviews mentioning it at all, and per polarity. */
  byAspect: ReadonlyMap<string, Readonly<AspectBits>>;
  bySentiment: Readonly<Record<SentimentLabel, Bitset>>;
  text: TextColumns;
};

export type AspectPolarity = "positive" | "neutral" | "negative";
export type SentimentLabel = AspectPolarity | "mixed";

/** An aspect of the taxonomy the build used, as /insights.json lists it. */
export type AspectLabel = Readonly<{ id: string; label: string }>;

/**
 * The published reviews, one at a time: `parse(k)` is called once per review and its object dropped after indexing, so
 * the whole dataset never has to be in memory as objects; `json(k)` must keep answering for the life of the index, and
 * `jsonMany`, when given, reads several in one go (in the order asked).
 */
export type ReviewSource = Readonly<{
  count: number;
  parse: (k: number) => Review;
  json: (k: number) => string;
  jsonMany?: (ks: readonly number[]) => string[];
}>;

/** Indexes a parsed dataset (tests, benchmarks); the sidecar streams its reviews through `buildSearchIndex`. */
export function indexDataset(dataset: ReviewsDataset, aspects: readonly AspectLabel[] = []): SearchIndex {
  const json = dataset.reviews.map((r) => JSON.stringify(r));
  return buildSearchIndex(
    dataset.business,
    { count: json.length, parse: (k) => dataset.reviews[k]!, json: (k) => json[k]! },
    aspects,
  );
}

function buildSearchIndex(business: Business, source: ReviewSource, aspects: readonly AspectLabel[] = []): SearchIndex {
  return runSteps(buildSearchIndexSteps(business, source, aspects));
}

/**
 * Builds the index in steps, pausing every few thousand reviews: a server runs the steps between requests
 * (`sidecar/release/index-store.ts`), so indexing a large new release does not stall the answers of the current one.
 */
export function* buildSearchIndexSteps(
  business: Business,
  source: ReviewSource,
  aspects: readonly AspectLabel[] = [],
): Generator<void, SearchIndex> {
  return assembleIndex(yield* buildIndexColumnsSteps(business, source), business, source, aspects);
}

/** The stored columns of a dataset's index, as the build writes them to the index file. */
export function indexColumnsOf(dataset: ReviewsDataset): IndexColumns {
  const { business, reviews } = dataset;
  return indexColumnsOfSource(business, { count: reviews.length, parse: (k) => reviews[k]! });
}

/** The same from reviews read one at a time (the build's worker thread parses them from /reviews.json's bytes). */
function indexColumnsOfSource(business: Business, source: Pick<ReviewSource, "count" | "parse">): IndexColumns {
  return runSteps(buildIndexColumnsSteps(business, source));
}

function* buildIndexColumnsSteps(
  business: Business,
  source: Pick<ReviewSource, "count" | "parse">,
): Generator<void, IndexColumns> {
  const rows = yield* readRows(source);
  const size = rows.length;
  const byRating = Array.from({ length: 6 }, () => emptyBitset(size));
  const withText = emptyBitset(size);
  const byTechnician = new Map(business.technicians.map((t) => [t.id, emptyBitset(size)]));
  const byService = new Map(business.services.map((s) => [s.id, emptyBitset(size)]));
  const byAspect = new Map<string, AspectBits>();
  const bySentiment = {
    positive: emptyBitset(size),
    neutral: emptyBitset(size),
    negative: emptyBitset(size),
    mixed: emptyBitset(size),
  };
  const filters = { size, withText, byRating, bySentiment, byTechnician, byService };
  rows.forEach((r, i) => setFilterBits(filters, byAspect, r, i));
  return {
    size,
    order: Uint32Array.from(rows, (r) => r.k),
    dates: rows.map((r) => r.date),
    ids: rows.map((r) => r.id),
    ratings: Uint8Array.from(rows, (r) => r.rating),
    withText,
    modifiedAt: rows.map((r) => r.modifiedAt),
    byRating,
    byTechnician,
    byService,
    byAspect: byId(byAspect),
    bySentiment,
    text: yield* buildTextIndexSteps(rows.map((r) => r.text)),
  };
}

/** An aspect's bitsets: reviews mentioning it at all, and per polarity. */
type AspectBits = Record<"any" | AspectPolarity, Bitset>;

/** The filter columns a review sets a bit in, besides its aspects'. */
type FilterBits = Pick<IndexColumns, "size" | "withText" | "byRating" | "bySentiment" | "byTechnician" | "byService">;

/** Sets a review's bits at `position` in the filter columns; an aspect met for the first time gets its bitsets. */
function setFilterBits(filters: FilterBits, byAspect: Map<string, AspectBits>, row: Row, position: number): void {
  setBit(filters.byRating[row.rating]!, position);
  if (row.hasText) setBit(filters.withText, position);
  if (row.sentiment) setBit(filters.bySentiment[row.sentiment], position);
  for (const [aspect, polarity] of row.aspects) {
    let bits = byAspect.get(aspect);
    if (!bits) {
      const empty = () => emptyBitset(filters.size);
      byAspect.set(aspect, (bits = { any: empty(), positive: empty(), neutral: empty(), negative: empty() }));
    }
    setBit(bits.any, position);
    setBit(bits[polarity], position);
  }
  for (const id of row.technicians) if (filters.byTechnician.has(id)) setBit(filters.byTechnician.get(id)!, position);
  for (const id of row.services) if (filters.byService.has(id)) setBit(filters.byService.get(id)!, position);
}

/** Aspects in the order of their ids, not of their first mention: new reviews do not reorder them. */
function byId<T>(map: ReadonlyMap<string, T>): Map<string, T> {
  return new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The reviews' ids in source order (the published file's), from an index's newest-first columns. */
export function idsInSourceOrder(columns: Pick<IndexColumns, "ids" | "order">): string[] {
  const ids = new Array<string>(columns.ids.length);
  for (let position = 0; position < ids.length; position++) ids[columns.order[position]!] = columns.ids.at(position)!;
  return ids;
}

/** The index over stored columns: records read from `source`, names resolved through the catalog and the taxonomy. */
export function assembleIndex(
  columns: IndexColumns,
  business: Business,
  source: Pick<ReviewSource, "json" | "jsonMany">,
  aspects: readonly AspectLabel[] = [],
): SearchIndex {
  const { order } = columns;
  // Only the readers are kept: the rest of the source (its parser) is left to be collected.
  const { json, jsonMany = (ks) => ks.map(json) } = source;
  const reviewsJson = (positions: readonly number[]) => jsonMany(positions.map((i) => order[i]!));
  return {
    ...columns,
    review: (i) => JSON.parse(json(order[i]!)) as Review,
    reviewJson: (i) => json(order[i]!),
    reviews: (positions) => reviewsJson(positions).map((j) => JSON.parse(j) as Review),
    reviewsJson,
    text: textIndexOf(columns.text),
    resolveTechnician: catalogResolver(business, "technicians"),
    resolveService: catalogResolver(business, "services"),
    catalog: { technicians: business.technicians, services: business.services },
    resolveAspect: resolver([
      ...aspects.map((a) => ({ id: a.id, name: a.label, aliases: [] })),
      ...[...columns.byAspect.keys()].map((id) => ({ id, name: id, aliases: [] })),
    ]),
  };
}

/** What the index needs of one review, at its place in the source (`k`). */
type Row = {
  k: number;
  id: string;
  date: string;
  rating: number;
  /** Normalised as queries are; null for rating-only reviews. */
  text: string | null;
  hasText: boolean;
  modifiedAt: string;
  sentiment: SentimentLabel | null;
  aspects: [string, AspectPolarity][];
  technicians: readonly string[];
  services: readonly string[];
};

function rowOf(r: Review, k: number): Row {
  return {
    k,
    id: r.id,
    date: r.date,
    rating: r.rating,
    // Normalised at once: the raw text is not kept beside it.
    text: r.text === null ? null : normalizeText(r.text),
    hasText: hasText(r.text),
    modifiedAt: reviewModifiedAt(r),
    sentiment: r.sentiment?.label ?? null,
    aspects: (r.aspects ?? []).map((a) => [a.aspect, a.sentiment]),
    technicians: r.mentions.technicians,
    services: r.mentions.services,
  };
}

/** Every review's row, newest first (the build publishes them so; others are sorted). */
function* readRows(source: Pick<ReviewSource, "count" | "parse">): Generator<void, Row[]> {
  const rows = new Array<Row>(source.count);
  let sorted = true;
  for (let k = 0; k < source.count; k++) {
    if (k % STEP === STEP - 1) yield;
    rows[k] = rowOf(source.parse(k), k);
    if (k > 0 && newestFirst(rows[k - 1]!, rows[k]!) > 0) sorted = false;
  }
  return sorted ? rows : rows.sort(newestFirst);
}

/** Resolves an aspect's id or label (case-insensitive, normalised like text) to its id. */
function resolver(entries: readonly { id: string; name: string; aliases: readonly string[] }[]): Resolver {
  const byName = new Map<string, string>();
  for (const e of entries) byName.set(normalizeText(e.id), e.id);
  for (const e of entries)
    for (const n of [e.name, ...e.aliases]) if (!byName.has(normalizeText(n))) byName.set(normalizeText(n), e.id);
  return (input) => byName.get(normalizeText(input)) ?? null;
}
