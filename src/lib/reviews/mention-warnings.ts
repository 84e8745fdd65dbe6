// What the build warns about in the catalog's names (never a failure): entries no review mentions, and technicians
// whose only names are a full name because their first name cannot stand alone and no alias says how customers call them.
import { type Business, CATALOG_KINDS, type CatalogKind } from "../schema/business.ts";
import type { Mentions } from "../schema/review.ts";
import { firstNames } from "./catalog-terms.ts";

const WHAT: Readonly<Record<CatalogKind, string>> = {
  technicians: "technician",
  services: "service",
  service_areas: "service area",
};

/** One line per problem, catalog order: technicians, services, service areas, then first names. */
export function mentionWarnings(business: Business, reviews: readonly { mentions: Mentions }[]): string[] {
  const mentioned = CATALOG_KINDS.map(() => new Set<string>());
  for (const r of reviews) CATALOG_KINDS.forEach((kind, k) => r.mentions[kind].forEach((id) => mentioned[k]!.add(id)));
  const unmentioned = CATALOG_KINDS.flatMap((kind, k) =>
    business[kind]
      .filter((e) => !mentioned[k]!.has(e.id))
      .map(
        (e) =>
          `${WHAT[kind]} ${e.id}: no review mentions "${e.name}"${e.aliases.length > 0 ? " or its aliases" : ""}; add the names customers use as aliases in business.json`,
      ),
  );
  const byId = new Map(business.technicians.map((t) => [t.id, t]));
  const fullNameOnly = firstNames(business.technicians).flatMap(({ id, why }) => {
    const t = byId.get(id)!;
    if (why === null || t.aliases.length > 0) return [];
    const first = t.name.split(/\s+/u)[0]!;
    const reason = why === "common" ? "is a common word" : "also names another technician";
    return [
      `technician ${id}: "${first}" ${reason}, so only "${t.name}" counts as a mention of them; add the names customers use as aliases in business.json`,
    ];
  });
  return [...unmentioned, ...fullNameOnly];
}
