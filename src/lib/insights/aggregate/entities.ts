// Entity insights: technicians, services and service areas (from mentions) and the problems customers describe.
import { type Business, CATALOG_KINDS, type CatalogKind } from "../../schema/business.ts";
import type { EntityInsight } from "../../schema/insights.ts";
import type { Taxonomy } from "../taxonomy.ts";
import { type Table, Tally } from "./tally.ts";

/**
 * The catalog's entities of every kind, from the reviews' mentions: one pass over the reviews, whose objects lie
 * scattered over a heap of 100k of them, rather than one per kind.
 */
export function catalogEntities(business: Business, table: Table): Record<CatalogKind, EntityInsight[]> {
  const tallies = CATALOG_KINDS.map((kind) => new Map(business[kind].map((e) => [e.id, new Tally(table)])));
  table.reviews.forEach(({ mentions }, i) => {
    CATALOG_KINDS.forEach((kind, k) => {
      for (const id of mentions[kind]) tallies[k]!.get(id)?.add(i);
    });
  });
  const of = (k: number) =>
    sorted(business[CATALOG_KINDS[k]!].map((e) => entity(e.id, e.name, tallies[k]!.get(e.id)!)));
  return { technicians: of(0), services: of(1), service_areas: of(2) };
}

export function problemEntities(taxonomy: Taxonomy, table: Table): EntityInsight[] {
  const tallies = new Map(taxonomy.problems.map((p) => [p.id, new Tally(table)]));
  const { columns: c } = table;
  const tallyOf = c.strings.map((s) => tallies.get(s));
  for (let k = 0; k < c.size; k++)
    for (let p = c.problemStart[k]!; p < c.problemStart[k + 1]!; p++) tallyOf[c.problem[p]!]?.add(k);
  return sorted(taxonomy.problems.map((p) => entity(p.id, p.label, tallies.get(p.id)!)));
}

function entity(id: string, name: string, t: Tally): EntityInsight {
  return {
    id,
    name,
    mention_count: t.n,
    average_rating: t.averageRating(),
    sentiment: t.breakdown(),
    top_aspects: t.topAspects(),
    example_review_ids: t.examples,
  };
}

function sorted(list: EntityInsight[]): EntityInsight[] {
  return list.sort((a, b) => b.mention_count - a.mention_count || (a.id < b.id ? -1 : 1));
}
