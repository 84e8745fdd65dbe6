// What the build warns about in the catalog's names (never a failure): entries no review mentions, and technicians
// whose only names are a full name because their first name cannot stand alone and no alias says how customers call them.
import type { Business, CatalogKind } from "../schema/business.ts";
import type { Mentions } from "../schema/review.ts";
import { firstNames } from "./catalog-terms.ts";

const WHAT: Readonly<Record<CatalogKind, string>> = {
  technicians: "technician",
  services: "service",
  service_areas: "service area",
};

/** One line per problem, catalog order: technicians, services, service areas, then first names. */
export function mentionWarnings(business: Business, reviews: readonly { mentions: Mentions }[]): string[] {
  const mentioned = new Set<string>();
  for (const r of reviews)
    for (const kind of Object.keys(WHAT) as CatalogKind[])
      for (const id of r.mentions[kind]) mentioned.add(`${kind}\0${id}`);
  const unmentioned = (Object.keys(WHAT) as CatalogKind[]).flatMap((kind) =>
    business[kind]
      .filter((e) => !mentioned.has(`${kind}\0${e.id}`))
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
