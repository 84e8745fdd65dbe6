// The in-memory search index over a published dataset: positions in newest-first order, bitsets per filter value, text index.
import { newestFirst } from "../reviews/order.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { Review } from "../schema/review.ts";
import { normalizeText } from "../text/normalize.ts";
import { type Bitset, emptyBitset, setBit } from "./bitset.ts";
import { buildTextIndex, type TextIndex } from "./text-index.ts";

export type Resolver = (input: string) => string | null;

export type SearchIndex = {
  size: number;
  /** Review per position, newest first (date descending, then id descending). */
  reviews: readonly Review[];
  dates: readonly string[];
  ids: readonly string[];
  /** byRating[r]: reviews with exactly r stars. */
  byRating: readonly Bitset[];
  byTechnician: ReadonlyMap<string, Bitset>;
  byService: ReadonlyMap<string, Bitset>;
  text: TextIndex;
  resolveTechnician: Resolver;
  resolveService: Resolver;
};

export function buildSearchIndex(dataset: ReviewsDataset): SearchIndex {
  const reviews = [...dataset.reviews].sort(newestFirst);
  const size = reviews.length;
  const byRating = Array.from({ length: 6 }, () => emptyBitset(size));
  const byTechnician = new Map(dataset.business.technicians.map((t) => [t.id, emptyBitset(size)]));
  const byService = new Map(dataset.business.services.map((s) => [s.id, emptyBitset(size)]));
  reviews.forEach((r, i) => {
    setBit(byRating[r.rating]!, i);
    for (const id of r.mentions.technicians) if (byTechnician.has(id)) setBit(byTechnician.get(id)!, i);
    for (const id of r.mentions.services) if (byService.has(id)) setBit(byService.get(id)!, i);
  });
  return {
    size,
    reviews,
    dates: reviews.map((r) => r.date),
    ids: reviews.map((r) => r.id),
    byRating,
    byTechnician,
    byService,
    text: buildTextIndex(reviews.map((r) => r.text)),
    resolveTechnician: resolver(dataset.business.technicians),
    resolveService: resolver(dataset.business.services),
  };
}

/** Resolves an id, name or alias (case-insensitive, normalised like text) to a catalog id. */
function resolver(entries: readonly { id: string; name: string; aliases: readonly string[] }[]): Resolver {
  const byName = new Map<string, string>();
  for (const e of entries) byName.set(normalizeText(e.id), e.id);
  for (const e of entries) for (const n of [e.name, ...e.aliases]) if (!byName.has(normalizeText(n))) byName.set(normalizeText(n), e.id);
  return (input) => byName.get(normalizeText(input)) ?? null;
}
