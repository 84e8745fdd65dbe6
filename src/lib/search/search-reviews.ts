// The one implementation of review search that the HTTP endpoint and the MCP tool share: parameters in, envelope or issues out.
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
  const given = filtersOf(index, q);
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
      reviews: page.positions.map(index.review),
    },
  };
}

function filtersOf(index: SearchIndex, q: SearchQuery): SearchFilters {
  const mention = (input: string | undefined, resolve: (s: string) => string | null) =>
    input === undefined ? null : { input, resolved: resolve(input) };
  return {
    rating: q.rating ?? null,
    min_rating: q.min_rating ?? null,
    since: q.since ?? null,
    until: q.until ?? null,
    query: q.query ?? null,
    mentions_technician: mention(q.mentions_technician, index.resolveTechnician),
    mentions_service: mention(q.mentions_service, index.resolveService),
    aspect: mention(q.aspect, index.resolveAspect),
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
  return v === null ? "(none)" : typeof v === "object" ? String((v as { input: string }).input) : String(v);
}

function invalid(path: string[], message: string): SearchOutcome {
  return { ok: false, issues: [{ code: "custom", path, message }] };
}
