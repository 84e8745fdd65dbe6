// The MCP Apps' script, inlined into each app's HTML by the build: connects to the host with the official App class,
// renders the tool result the host hands first, and calls search_reviews through the host on the person's action.
import { App } from "@modelcontextprotocol/ext-apps";
import type { AppConfig } from "../lib/mcp/apps.ts";
import { el, header, listControls, ratingCard, reviewCard, type ReviewItem, type Stats } from "./views.ts";

type Result = { structuredContent?: Record<string, unknown>; isError?: boolean; content?: unknown[] };
type Page = { reviews: ReviewItem[]; total: number; next_cursor: string | null };

const config = JSON.parse(document.getElementById("app-config")!.textContent) as AppConfig;
const root = document.getElementById("app")!;
const app = new App({ name: `reviews-${config.view}`, version: "1.0.0" }, {}, { autoResize: true });
const open = (url: string) => void app.openLink({ url });

const status = el("p", { class: "status", role: "status", "aria-live": "polite" });
const show = (...nodes: Node[]) => root.replaceChildren(...nodes);

/** The host's theme; a host that names none gets the person's system setting. */
function applyTheme(theme: string | undefined) {
  const dark = theme === undefined ? matchMedia("(prefers-color-scheme: dark)").matches : theme === "dark";
  document.documentElement.dataset["theme"] = dark ? "dark" : "light";
}

/** The arguments the tool was called with (they arrive before its result): the list's form starts from them. */
let input: Record<string, unknown> = {};

function errorText(result: Result): string {
  const first = result.content?.[0] as { text?: string } | undefined;
  return first?.text ?? "The reviews could not be loaded.";
}

function renderRating(result: Result) {
  const stats = result.structuredContent?.["stats"] as Stats | undefined;
  if (!stats || result.isError) return show(header(config, errorText(result)));
  show(ratingCard(stats, config, open));
}

function renderReview(result: Result) {
  const review = result.structuredContent?.["review"] as ReviewItem | undefined;
  if (!review || result.isError) return show(header(config, errorText(result)));
  show(header(config, "One verified review"), reviewCard(review, config, open));
}

function reviewList(first: Result) {
  const { form, query, rating } = listControls();
  if (typeof input["query"] === "string") query.value = input["query"];
  if (typeof input["rating"] === "number") rating.value = String(input["rating"]);
  const list = el("div", { class: "reviews", "aria-label": "Reviews" });
  const more = el("button", { type: "button", class: "more", hidden: "" }, "More reviews") as HTMLButtonElement;
  let cursor: string | null = null;
  const append = (result: Result, replace: boolean) => {
    const page = result.structuredContent as Page | undefined;
    if (result.isError || !page) {
      status.textContent = errorText(result);
      return;
    }
    const cards = page.reviews.map((r) => reviewCard(r, config, open));
    if (replace) list.replaceChildren(...cards);
    else list.append(...cards);
    cursor = page.next_cursor;
    more.hidden = cursor === null;
    status.textContent = `${page.total} ${page.total === 1 ? "review matches" : "reviews match"}`;
  };
  const call = async (args: Record<string, unknown>, replace: boolean) => {
    status.textContent = "Loading…";
    try {
      append((await app.callServerTool({ name: "search_reviews", arguments: args })) as Result, replace);
    } catch {
      status.textContent = "The host could not reach the reviews.";
    }
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const args: Record<string, unknown> = {};
    if (query.value.trim()) args["query"] = query.value.trim();
    if (rating.value) args["rating"] = Number(rating.value);
    void call(args, true);
  });
  more.addEventListener("click", () => void (cursor && call({ cursor }, false)));
  show(header(config, "Verified customer reviews, newest first"), form, status, list, more);
  append(first, true);
}

const RENDER = { rating: renderRating, review: renderReview, list: reviewList } as const;

app.ontoolinput = (params) => (input = params.arguments ?? {});
app.ontoolresult = (result) => RENDER[config.view](result as Result);
app.onhostcontextchanged = (context) => applyTheme(context.theme);
show(header(config, "Loading…"));
await app.connect();
applyTheme(app.getHostContext()?.theme);
