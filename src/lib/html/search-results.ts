// The search page's results as HTML, put in place of the page's empty result list when the server answers a search
// (for browsers that run no script); the page's script, where it runs, renders the same cards from the API.
import { esc } from "../charts/svg.ts";
import type { CatalogNames } from "../reviews/catalog-names.ts";
import type { ValidationIssue } from "../schema/errors.ts";
import type { SearchResult } from "../schema/search-results.ts";
import { reviewCardHtml } from "./review-card.ts";

/** The empty elements the static page holds for its script to fill; each must occur exactly once. */
const SEARCH_SLOTS = {
  errors: `<div id="search-errors" class="search-errors" role="alert" hidden></div>`,
  status: `<p id="search-status" class="search-status" role="status" aria-live="polite"></p>`,
  results: `<ol id="search-results" class="review-list" role="list" aria-busy="true"></ol>`,
} as const;

export type SearchAnswer = { ok: true; result: SearchResult } | { ok: false; issues: readonly ValidationIssue[] };

/** `page` (the static search page) with the answer to `query` (its query string) in its slots; null if a slot is missing. */
export function searchPageWithResults(
  page: string,
  answer: SearchAnswer,
  query: URLSearchParams,
  names: CatalogNames,
  businessName: string,
): string | null {
  if (Object.values(SEARCH_SLOTS).some((slot) => page.split(slot).length !== 2)) return null;
  if (!answer.ok) {
    const items = answer.issues.map((i) => `<li>${esc(i.path.join(".") || "query")}: ${esc(i.message)}</li>`);
    return page.replace(
      SEARCH_SLOTS.errors,
      `<div id="search-errors" class="search-errors" role="alert"><ul>${items.join("")}</ul></div>`,
    );
  }
  const { result } = answer;
  const cards = result.reviews.map((r) => `<li>${reviewCardHtml(r, names, businessName)}</li>`).join("");
  const next =
    result.next_cursor === null ? "" : ` <a href="/search/?${nextQuery(query, result.next_cursor)}">Next results</a>`;
  const status = `${result.total === 1 ? "1 review matches" : `${result.total} reviews match`}${
    result.total > result.count ? `; showing ${result.count}` : ""
  }.${next}`;
  return page
    .replace(
      SEARCH_SLOTS.status,
      `<p id="search-status" class="search-status" role="status" aria-live="polite">${status}</p>`,
    )
    .replace(SEARCH_SLOTS.results, `<ol id="search-results" class="review-list" role="list">${cards}</ol>`);
}

function nextQuery(query: URLSearchParams, cursor: string): string {
  const next = new URLSearchParams(query);
  next.set("cursor", cursor);
  return esc(next.toString());
}
