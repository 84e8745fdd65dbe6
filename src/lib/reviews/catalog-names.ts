// Id -> display name of everything a review can mention or be annotated with, built once per page or release.
import type { Business } from "../schema/business.ts";

export type CatalogNames = Readonly<{
  technicians: ReadonlyMap<string, string>;
  services: ReadonlyMap<string, string>;
  service_areas: ReadonlyMap<string, string>;
  /** Aspects of the taxonomy (insights.aspects); each has a page. */
  aspects: ReadonlyMap<string, string>;
  /** The owner's display settings (business.json `display`), which every card honours. */
  display: Business["display"];
}>;

export type AspectName = Readonly<{ id: string; label: string }>;

export function catalogNames(business: Business, aspects: readonly AspectName[]): CatalogNames {
  const names = (entries: readonly { id: string; name: string }[]) => new Map(entries.map((e) => [e.id, e.name]));
  return {
    technicians: names(business.technicians),
    services: names(business.services),
    service_areas: names(business.service_areas),
    aspects: new Map(aspects.map((a) => [a.id, a.label])),
    display: business.display,
  };
}

/** An aspect's label; ids the taxonomy does not list (yet) read as words: `work_quality` -> `Work quality`. */
export function aspectLabel(names: CatalogNames, id: string): string {
  const label = names.aspects.get(id);
  if (label) return label;
  const words = id.replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
