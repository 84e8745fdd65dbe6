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
  /** Per aspect id: reviews mentioning it at all, and per polarity. */
  byAspect: ReadonlyMap<string, Readonly<Record<"any" | AspectPolarity, Bitset>>>;
  bySentiment: Readonly<Record<SentimentLabel, Bitset>>;
  text: TextIndex;
  resolveTechnician: Resolver;
  resolveService: Resolver;
  resolveAspect: Resolver;
};

type AspectPolarity = "positive" | "neutral" | "negative";
type SentimentLabel = AspectPolarity | "mixed";

/** An aspect of the taxonomy the build used, as /insights.json lists it. */
export type AspectLabel = Readonly<{ id: string; label: string }>;

export function buildSearchIndex(dataset: ReviewsDataset, aspects: readonly AspectLabel[] = []): SearchIndex {
  const reviews = [...dataset.reviews].sort(newestFirst);
  const size = reviews.length;
  const byRating = Array.from({ length: 6 }, () => emptyBitset(size));
  const byTechnician = new Map(dataset.business.technicians.map((t) => [t.id, emptyBitset(size)]));
  const byService = new Map(dataset.business.services.map((s) => [s.id, emptyBitset(size)]));
  const byAspect = new Map<string, Record<"any" | AspectPolarity, Bitset>>();
  const bySentiment = { positive: emptyBitset(size), neutral: emptyBitset(size), negative: emptyBitset(size), mixed: emptyBitset(size) };
  const aspectBits = (id: string) => {
    let bits = byAspect.get(id);
    if (!bits) byAspect.set(id, (bits = { any: emptyBitset(size), positive: emptyBitset(size), neutral: emptyBitset(size), negative: emptyBitset(size) }));
    return bits;
  };
  reviews.forEach((r, i) => {
    setBit(byRating[r.rating]!, i);
    if (r.sentiment) setBit(bySentiment[r.sentiment.label], i);
    for (const a of r.aspects ?? []) {
      const bits = aspectBits(a.aspect);
      setBit(bits.any, i);
      setBit(bits[a.sentiment], i);
    }
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
    byAspect,
    bySentiment,
    resolveAspect: resolver([...aspects.map((a) => ({ id: a.id, name: a.label, aliases: [] })), ...[...byAspect.keys()].map((id) => ({ id, name: id, aliases: [] }))]),
  };
}

/** Resolves an id, name or alias (case-insensitive, normalised like text) to a catalog id. */
function resolver(entries: readonly { id: string; name: string; aliases: readonly string[] }[]): Resolver {
  const byName = new Map<string, string>();
  for (const e of entries) byName.set(normalizeText(e.id), e.id);
  for (const e of entries) for (const n of [e.name, ...e.aliases]) if (!byName.has(normalizeText(n))) byName.set(normalizeText(n), e.id);
  return (input) => byName.get(normalizeText(input)) ?? null;
}
