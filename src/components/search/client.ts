// Browser script of /search/: reads the filters from the URL, calls /api/reviews/search, renders the results in place.
import { reviewCardHtml } from "../../lib/html/review-card.ts";
import type { CatalogNames } from "../../lib/reviews/catalog-names.ts";
import type { ValidationIssue } from "../../lib/schema/errors.ts";
import type { SearchResult } from "../../lib/schema/search-results.ts";
import { searchForm } from "./form-state.ts";

type Named = "technicians" | "services" | "service_areas" | "aspects";

/** What the page tells its script: the names reviews mention as [id, name] pairs, and the owner's display settings. */
export type SearchConfig = {
  endpoint: string;
  businessName: string;
  names: Record<Named, [string, string][]> & Pick<CatalogNames, "display">;
};

const filters = searchForm(document.querySelector<HTMLFormElement>("#search-form")!);
const { form } = filters;
const status = document.querySelector<HTMLElement>("#search-status")!;
const errors = document.querySelector<HTMLElement>("#search-errors")!;
const results = document.querySelector<HTMLOListElement>("#search-results")!;
const more = document.querySelector<HTMLButtonElement>("#search-more")!;
const config = JSON.parse(document.querySelector("#search-config")!.textContent) as SearchConfig;
// The cards of the static pages and of the server's answer to a search without a script, from the same code.
const names: CatalogNames = {
  technicians: new Map(config.names.technicians),
  services: new Map(config.names.services),
  service_areas: new Map(config.names.service_areas),
  aspects: new Map(config.names.aspects),
  display: config.names.display,
};
const count = new Intl.NumberFormat("en-US");

let nextCursor: string | null = null;
let shown = 0;
// Answers to superseded requests are dropped, so a slow answer never overwrites a newer one.
let generation = 0;

function clearErrors(): void {
  errors.hidden = true;
  errors.replaceChildren();
  document.querySelectorAll(".field-error").forEach((message) => message.remove());
  for (const control of filters.controls()) {
    control.removeAttribute("aria-invalid");
    const rest = (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id && !id.endsWith("-error"));
    if (rest.length) control.setAttribute("aria-describedby", rest.join(" "));
    else control.removeAttribute("aria-describedby");
  }
}

function showIssues(issues: readonly ValidationIssue[]): void {
  const heading = document.createElement("h2");
  heading.textContent = "Please check the search";
  const list = document.createElement("ul");
  for (const issue of issues) {
    const field = filters.field(String(issue.path[0] ?? ""));
    const item = document.createElement("li");
    item.textContent = field ? `${field.label}: ${issue.message}` : issue.message;
    list.append(item);
    if (!field || document.getElementById(`${field.id}-error`)) continue;
    if (filters.more.contains(field.control)) filters.more.open = true;
    const { control } = field;
    control.setAttribute("aria-invalid", "true");
    const message = document.createElement("p");
    message.className = "field-error";
    message.id = `${field.id}-error`;
    message.textContent = issue.message;
    control.setAttribute(
      "aria-describedby",
      [control.getAttribute("aria-describedby"), message.id].filter(Boolean).join(" "),
    );
    field.anchor.after(message);
  }
  errors.replaceChildren(heading, list);
  errors.hidden = false;
}

async function run(params: URLSearchParams, append: boolean): Promise<void> {
  const mine = ++generation;
  clearErrors();
  results.setAttribute("aria-busy", "true");
  status.textContent = "Searching…";
  more.hidden = true;
  let response: Response;
  try {
    response = await fetch(`${config.endpoint}?${params}`, { headers: { Accept: "application/json" } });
  } catch {
    if (mine === generation) finish("The search service could not be reached. Please try again.");
    return;
  }
  const body = (await response.json().catch(() => null)) as (SearchResult & { issues?: ValidationIssue[] }) | null;
  if (mine !== generation) return;
  if (response.status === 400 && body?.issues) {
    if (!append) results.replaceChildren();
    showIssues(body.issues);
    finish("No results: the search has a problem.");
    return;
  }
  if (!response.ok || !body) {
    if (!append) results.replaceChildren();
    finish(`The search failed (HTTP ${response.status}). Please try again.`);
    return;
  }
  if (!append) {
    results.replaceChildren();
    shown = 0;
  }
  results.append(...body.reviews.map((r) => item(reviewCardHtml(r, names, config.businessName))));
  shown += body.count;
  nextCursor = body.next_cursor;
  results.dataset["total"] = String(body.total);
  more.hidden = nextCursor === null;
  finish(
    body.total === 0
      ? "No reviews match these filters."
      : `Showing ${count.format(shown)} of ${count.format(body.total)} matching review${body.total === 1 ? "" : "s"}, newest first.`,
  );
}

function item(card: string): HTMLLIElement {
  const li = document.createElement("li");
  // Every value in the card is escaped where it is built (lib/html/review-card.ts).
  li.innerHTML = card;
  return li;
}

function finish(message: string): void {
  results.removeAttribute("aria-busy");
  status.textContent = message;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const params = filters.params();
  const query = params.toString();
  history.pushState(null, "", query ? `?${query}` : location.pathname);
  void run(params, false);
});

more.addEventListener("click", () => {
  if (!nextCursor) return;
  const params = new URLSearchParams({ cursor: nextCursor });
  const limit = new URLSearchParams(location.search).get("limit");
  if (limit) params.set("limit", limit);
  void run(params, true);
});

window.addEventListener("popstate", () => {
  const params = new URLSearchParams(location.search);
  filters.fill(params);
  void run(params, false);
});

const initial = new URLSearchParams(location.search);
initial.delete("cursor");
filters.fill(initial);
void run(initial, false);
