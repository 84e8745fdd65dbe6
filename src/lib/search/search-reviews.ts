// The one implementation of review search that the HTTP endpoint and the MCP tool share: parameters in, envelope or issues out.
import { notInCatalog } from "../reviews/catalog-terms.ts";
import type { ValidationIssue } from "../schema/errors.ts";
import { type SearchQuery } from "../schema/search.ts";
import { SearchFilters, type SearchResult } from "../schema/search-results.ts";
import { searchCursor } from "./cursor.ts";
import type { SearchIndex } from "./index.ts";
import { type PageKey, runSearch } from "./run.ts";

export type SearchOutcome = { ok: true; result: SearchResult } | { ok: false; issues: ValidationIssue[] };

/** Every filter a search (and so a cursor) carries. */
const FILTER_KEYS = SearchFilters.keyof().options;

export function searchReviews(index: SearchIndex, q: SearchQuery): SearchOutcome {
  const mentions = mentionsOf(index, q);
  if (!mentions.ok) return mentions;
  const given = filtersOf(index, q, mentions.value);
  let filters = given;
  let after: PageKey | null = null;
  if (q.cursor !== undefined) {
    const cursor = searchCursor.decode(q.cursor);
    if (!cursor) return invalid(["cursor"], "expected the next_cursor of a previous page, got something else");
    const conflicts = FILTER_KEYS.filter((k) => q[k] !== undefined && !sameFilter(given[k], cursor.scope[k]));
    if (conflicts.length > 0) {
      return {
        ok: false,
        issues: conflicts.map((k) => ({
          code: "custom",
          path: [k],
          message: `contradicts the cursor, which was issued for ${k}=${show(cursor.scope[k])}; drop the parameter or start over without the cursor`,
        })),
      };
    }
    filters = cursor.scope;
    after = cursor.after;
  }
  const page = runSearch(index, filters, q.limit, after);
  return {
    ok: true,
    result: {
      filters,
      total: page.total,
      count: page.positions.length,
      limit: q.limit,
      next_cursor: page.next ? searchCursor.encode({ scope: filters, after: page.next }) : null,
      reviews: index.reviews(page.positions),
    },
  };
}

type MentionFilters = Pick<SearchFilters, "mentions_technician" | "mentions_service">;

/**
 * The technician and service filters, resolved through the catalog. A name that names no entry is an issue listing the
 * entries, never a filter that matches nothing: "nobody mentions Nobody" would read as a fact about the reviews.
 */
function mentionsOf(
  index: SearchIndex,
  q: SearchQuery,
): { ok: true; value: MentionFilters } | { ok: false; issues: ValidationIssue[] } {
  const value: MentionFilters = { mentions_technician: null, mentions_service: null };
  const issues: ValidationIssue[] = [];
  for (const [key, what, resolve, entries] of [
    ["mentions_technician", "technician", index.resolveTechnician, index.catalog.technicians],
    ["mentions_service", "service", index.resolveService, index.catalog.services],
  ] as const) {
    const input = q[key];
    if (input === undefined) continue;
    const resolved = resolve(input);
    if (resolved !== null) value[key] = { input, resolved };
    else issues.push({ code: "custom", path: [key], message: notInCatalog(what, input, entries) });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

function filtersOf(index: SearchIndex, q: SearchQuery, mentions: MentionFilters): SearchFilters {
  const aspect = (input: string | undefined, resolve: (s: string) => string | null) =>
    input === undefined ? null : { input, resolved: resolve(input) };
  return {
    rating: q.rating ?? null,
    min_rating: q.min_rating ?? null,
    max_rating: q.max_rating ?? null,
    since: q.since ?? null,
    until: q.until ?? null,
    query: q.query ?? null,
    ...mentions,
    aspect: aspect(q.aspect, index.resolveAspect),
    aspect_sentiment: q.aspect_sentiment ?? null,
    sentiment: q.sentiment ?? null,
  };
}

function sameFilter(a: unknown, b: unknown): boolean {
  if (a && b && typeof a === "object" && typeof b === "object" && "resolved" in a && "resolved" in b)
    return a.resolved === b.resolved;
  return a === b;
}

function show(v: unknown): string {
  if (v === null) return "(none)";
  if (typeof v === "string" || typeof v === "number") return String(v);
  // An aspect filter, resolved from the name it was asked by.
  return (v as { input: string }).input;
}

function invalid(path: string[], message: string): SearchOutcome {
  return { ok: false, issues: [{ code: "custom", path, message }] };
}
