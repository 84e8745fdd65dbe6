// The words that name a catalog entry, as mentions and lookups match them: its name, its aliases and, for a
// technician, a first name that can stand alone (unique among the technicians and not a common word), all folded.
import type { Business, CatalogKind } from "../schema/business.ts";
import { foldName } from "../text/fold.ts";
import { listing } from "../text/listing.ts";
import { COMMON_WORD_FIRST_NAMES } from "./common-first-names.ts";

export type CatalogEntryNames = Readonly<{ id: string; name: string; aliases: readonly string[] }>;

/** Why a technician's first name does not name them alone: a common word, or also another technician's name. */
export type FirstName = Readonly<{ id: string; first: string; standsAlone: boolean; why: "common" | "shared" | null }>;

/** People have first names; services and service areas are named by their whole name or an alias. */
const hasFirstNames = (kind: CatalogKind) => kind === "technicians";

/**
 * The first word of a name of two words or more, folded; null when there is none or it is no name (an initial or a
 * title such as "J." or "Dr.", which hold a full stop). Apostrophes and hyphens belong to the name (D'Angelo, Mary-Kate).
 */
export function firstNameOf(name: string): string | null {
  const words = foldName(name).split(" ");
  const first = words[0]!;
  return words.length > 1 && /^\p{L}[\p{L}'-]*\p{L}$/u.test(first) ? first : null;
}

/** Each entry's first name (entries without one left out) and whether it stands alone as a mention. */
export function firstNames(entries: readonly CatalogEntryNames[]): FirstName[] {
  const owners = new Map<string, Set<string>>();
  const claim = (term: string, id: string) => owners.set(term, (owners.get(term) ?? new Set()).add(id));
  const firsts = entries.flatMap((e) => {
    const first = firstNameOf(e.name);
    return first === null ? [] : [{ id: e.id, first }];
  });
  for (const e of entries) for (const term of [e.name, ...e.aliases]) claim(foldName(term), e.id);
  for (const { id, first } of firsts) claim(first, id);
  return firsts.map(({ id, first }) => {
    const why = COMMON_WORD_FIRST_NAMES.has(first) ? "common" : owners.get(first)!.size > 1 ? "shared" : null;
    return { id, first, standsAlone: why === null, why };
  });
}

/**
 * Every folded term that names an entry of `kind`, to the entry's id: names and aliases (which the catalog's schema keeps
 * from naming two entries; the first entry wins otherwise), then the first names that stand alone.
 */
export function catalogTerms(business: Pick<Business, CatalogKind>, kind: CatalogKind): Map<string, string> {
  const entries: readonly CatalogEntryNames[] = business[kind];
  const byTerm = new Map<string, string>();
  for (const e of entries)
    for (const term of [e.name, ...e.aliases]) {
      const t = foldName(term);
      if (t && !byTerm.has(t)) byTerm.set(t, e.id);
    }
  if (hasFirstNames(kind))
    for (const f of firstNames(entries)) if (f.standsAlone && !byTerm.has(f.first)) byTerm.set(f.first, f.id);
  return byTerm;
}

/** Resolves what a caller names an entry by (its id or any term of `catalogTerms`), case- and accent-insensitively. */
export function catalogResolver(
  business: Pick<Business, CatalogKind>,
  kind: CatalogKind,
): (input: string) => string | null {
  const byTerm = new Map<string, string>();
  for (const e of business[kind]) byTerm.set(foldName(e.id), e.id);
  for (const [term, id] of catalogTerms(business, kind)) if (!byTerm.has(term)) byTerm.set(term, id);
  return (input) => byTerm.get(foldName(input)) ?? null;
}

/** Why a lookup failed, with every entry it could have named: "no technician is called "Nobody"; known: Rosa Delgado (rosa-delgado), ...". */
export function notInCatalog(what: string, input: string, entries: readonly CatalogEntryNames[]): string {
  return `no ${what} is called ${JSON.stringify(input)}; known: ${listing(entries.map((e) => `${e.name} (${e.id})`)) || "none"}`;
}
