// Entity insights: technicians, services and service areas (from mentions) and the problems customers describe.
import type { Business, CatalogKind } from "../../schema/business.ts";
import type { EntityInsight } from "../../schema/insights.ts";
import type { Review } from "../../schema/review.ts";
import type { Taxonomy } from "../taxonomy.ts";
import { type Row, Tally } from "./tally.ts";

export function catalogEntities(
  business: Business,
  reviews: readonly Review[],
  rows: readonly Row[],
  kind: CatalogKind,
): EntityInsight[] {
  const tallies = new Map(business[kind].map((e) => [e.id, new Tally()]));
  rows.forEach((row, i) => {
    for (const id of reviews[i]!.mentions[kind]) tallies.get(id)?.add(row);
  });
  return sorted(business[kind].map((e) => entity(e.id, e.name, tallies.get(e.id)!)));
}

export function problemEntities(taxonomy: Taxonomy, rows: readonly Row[]): EntityInsight[] {
  const tallies = new Map(taxonomy.problems.map((p) => [p.id, new Tally()]));
  for (const row of rows) for (const id of row.analysis.problems) tallies.get(id)?.add(row);
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
