// Browser script of /search/: reads the filters from the URL, calls /api/reviews/search, renders the results in place.
import { renderReview, type ReviewView, type SearchConfig } from "./render.ts";

type Issue = { code: string; path: (string | number)[]; message: string };
type SearchResponse = {
  total: number;
  count: number;
  next_cursor: string | null;
  reviews: ReviewView[];
  filters: Record<string, unknown>;
};

const form = document.querySelector<HTMLFormElement>("#search-form")!;
const status = document.querySelector<HTMLElement>("#search-status")!;
const errors = document.querySelector<HTMLElement>("#search-errors")!;
const results = document.querySelector<HTMLOListElement>("#search-results")!;
const more = document.querySelector<HTMLButtonElement>("#search-more")!;
const config = JSON.parse(document.querySelector("#search-config")!.textContent!) as SearchConfig;
const fields = [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[name]")];
const count = new Intl.NumberFormat("en-US");

let nextCursor: string | null = null;
let shown = 0;
// Answers to superseded requests are dropped, so a slow answer never overwrites a newer one.
let generation = 0;

/** The filters as the URL carries them: non-empty fields, defaults left out, unknown URL parameters kept. */
function paramsFromForm(): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of fields) {
    const value = field.value.trim();
    if (value !== "" && value !== field.dataset["default"]) params.set(field.name, value);
  }
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (!fields.some((f) => f.name === key) && key !== "cursor") params.append(key, value);
  }
  return params;
}

function fillForm(params: URLSearchParams): void {
  for (const field of fields) {
    const value = params.get(field.name) ?? "";
    if (field instanceof HTMLSelectElement && value !== "" && ![...field.options].some((o) => o.value === value)) {
      // A value the catalog does not list (an alias, a name): keep it selectable so the URL and the form agree.
      field.add(new Option(value, value));
    }
    field.value = value;
  }
}

function clearErrors(): void {
  errors.hidden = true;
  errors.replaceChildren();
  for (const field of fields) {
    field.removeAttribute("aria-invalid");
    document.getElementById(`${field.id}-error`)?.remove();
    const rest = (field.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id && id !== `${field.id}-error`);
    if (rest.length) field.setAttribute("aria-describedby", rest.join(" "));
    else field.removeAttribute("aria-describedby");
  }
}

function showIssues(issues: Issue[]): void {
  const heading = document.createElement("h2");
  heading.textContent = "Please check the search";
  const list = document.createElement("ul");
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "");
    const field = fields.find((f) => f.name === name);
    const item = document.createElement("li");
    item.textContent = field ? `${field.labels?.[0]?.textContent ?? name}: ${issue.message}` : issue.message;
    list.append(item);
    if (field && !document.getElementById(`${field.id}-error`)) {
      field.setAttribute("aria-invalid", "true");
      const message = document.createElement("p");
      message.className = "field-error";
      message.id = `${field.id}-error`;
      message.textContent = issue.message;
      field.setAttribute(
        "aria-describedby",
        [field.getAttribute("aria-describedby"), message.id].filter(Boolean).join(" "),
      );
      field.after(message);
    }
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
  const body = (await response.json().catch(() => null)) as (SearchResponse & { issues?: Issue[] }) | null;
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
  results.append(...body.reviews.map((r) => item(renderReview(r, config))));
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

function item(card: HTMLElement): HTMLLIElement {
  const li = document.createElement("li");
  li.append(card);
  return li;
}

function finish(message: string): void {
  results.removeAttribute("aria-busy");
  status.textContent = message;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const params = paramsFromForm();
  const query = params.toString();
  history.pushState(null, "", query ? `?${query}` : location.pathname);
  void run(params, false);
});

form.addEventListener("reset", () => {
  // After the browser has cleared the fields: show everything again, with a clean URL.
  setTimeout(() => {
    history.pushState(null, "", location.pathname);
    void run(new URLSearchParams(), false);
  });
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
  fillForm(params);
  void run(params, false);
});

const initial = new URLSearchParams(location.search);
initial.delete("cursor");
fillForm(initial);
void run(initial, false);
