// Resolves which technicians, services and service areas a review names, by catalog names, aliases and first names.
import { type Business, CATALOG_KINDS } from "../schema/business.ts";
import type { Mentions } from "../schema/review.ts";
import { foldName } from "../text/fold.ts";
import { catalogTerms } from "./catalog-terms.ts";

export type MentionMatcher = (text: string) => Mentions;

/**
 * Builds a matcher over the catalog. A term of `catalogTerms` (name, alias, a technician's first name that stands alone)
 * matches as whole words in the folded text, case and accents aside (so "Al" does not match "also", and "Tomas" matches
 * "Tomás"); longer names win over their prefixes ("water heater repair" over "water heater").
 */
export function mentionMatcher(business: Business): MentionMatcher {
  const perKind = CATALOG_KINDS.map((kind) => {
    const byTerm = catalogTerms(business, kind);
    const terms = [...byTerm.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    const pattern = terms.length
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "gu")
      : null;
    return { kind, byTerm, pattern };
  });

  return (text) => {
    const normalized = foldName(text);
    const result: Mentions = { technicians: [], services: [], service_areas: [] };
    for (const { kind, byTerm, pattern } of perKind) {
      if (!pattern) continue;
      const ids = new Set<string>();
      for (const m of normalized.matchAll(pattern)) ids.add(byTerm.get(m[0])!);
      result[kind] = [...ids].sort();
    }
    return result;
  };
}

/** `s` as a literal in a regular expression. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
