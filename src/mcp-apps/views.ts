// The apps' DOM: a rating card, review cards and the list's controls, built with textContent (no markup from data).
import type { AppConfig } from "../lib/mcp/apps.ts";
import type { Review } from "../lib/schema/review.ts";

export type Stats = { count: number; average: number | null; distribution: Record<string, number> };
export type ReviewItem = Pick<Review, "id" | "date" | "rating" | "title" | "text" | "author" | "owner_reply">;

type Attrs = Record<string, string>;

export function el(tag: string, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

const starsText = (rating: number) => "★".repeat(rating) + "☆".repeat(5 - rating);

function stars(rating: number): HTMLElement {
  return el("span", { class: "stars", role: "img", "aria-label": `${rating} out of 5 stars` }, starsText(rating));
}

export function header(config: AppConfig, subtitle: string): HTMLElement {
  return el("header", {}, el("h1", {}, config.business), el("p", { class: "muted" }, subtitle));
}

/** A link the host opens: a sandboxed frame may not navigate or open windows itself. */
function hostLink(text: string, href: string, open: (url: string) => void, attrs: Attrs = {}): HTMLElement {
  const a = el("a", { href, ...attrs }, text);
  a.addEventListener("click", (e) => {
    e.preventDefault();
    open(href);
  });
  return a;
}

export function ratingCard(stats: Stats, config: AppConfig, open: (url: string) => void): HTMLElement {
  const average = stats.average === null ? "–" : stats.average.toFixed(1);
  const rows = [5, 4, 3, 2, 1].map((star) => {
    const n = stats.distribution[String(star)] ?? 0;
    const share = stats.count ? Math.round((n / stats.count) * 100) : 0;
    const fill = el("span");
    // Through CSSOM: the app's CSP allows no style attributes.
    fill.style.width = `${share}%`;
    const bar = el("span", { class: "bar", "aria-hidden": "true" }, fill);
    return el(
      "li",
      { "data-star": String(star) },
      el("span", { class: "label", "aria-hidden": "true" }, `${star}★`),
      bar,
      el("span", { class: "n" }, String(n)),
      el("span", { class: "sr" }, ` ${n === 1 ? "review" : "reviews"} with ${star} ${star === 1 ? "star" : "stars"}`),
    );
  });
  return el(
    "section",
    { class: "card", "aria-label": "Rating summary" },
    header(config, "Verified customer reviews"),
    el(
      "p",
      { class: "score" },
      el("span", { class: "sr" }, "Average rating "),
      el("strong", { class: "average" }, average),
      el("span", { class: "sr" }, " out of 5"),
      stats.average === null ? "" : stars(Math.round(stats.average)),
      el("span", { class: "count" }, `${stats.count} ${stats.count === 1 ? "review" : "reviews"}`),
    ),
    el("ul", { class: "distribution", "aria-label": "Reviews per star rating" }, ...rows),
    hostLink(config.action.label, config.action.href, open, { class: "action" }),
  );
}

export function reviewCard(r: ReviewItem, config: AppConfig, open: (url: string) => void): HTMLElement {
  const page = new URL(`/reviews/${encodeURIComponent(r.id)}/`, config.origin).href;
  const reply = r.owner_reply
    ? el(
        "div",
        { class: "reply" },
        el("p", { class: "muted" }, `Reply from ${config.business}, ${r.owner_reply.date}`),
        el("p", {}, r.owner_reply.text),
      )
    : "";
  return el(
    "article",
    { class: "review", "data-id": r.id },
    el("p", { class: "meta" }, stars(r.rating), ` ${r.author.name} · `, el("time", { datetime: r.date }, r.date)),
    r.title ? el("h2", {}, r.title) : "",
    r.text ? el("p", { class: "text" }, r.text) : el("p", { class: "muted" }, "Rating only, no text"),
    reply,
    hostLink("Read on the site", page, open, { "aria-label": `Read on the site: ${r.author.name}, ${r.date}` }),
  );
}

export type ListControls = { form: HTMLFormElement; query: HTMLInputElement; rating: HTMLSelectElement };

export function listControls(): ListControls {
  const query = el("input", { type: "search", id: "q", name: "query", maxlength: "200" }) as HTMLInputElement;
  const rating = el("select", { id: "stars", name: "rating" }) as HTMLSelectElement;
  rating.append(el("option", { value: "" }, "All ratings"));
  for (const s of [5, 4, 3, 2, 1]) rating.append(el("option", { value: String(s) }, `${s} stars`));
  const form = el(
    "form",
    { role: "search", "aria-label": "Search the reviews" },
    el("label", { for: "q" }, "Search reviews"),
    query,
    el("label", { for: "stars" }, "Stars"),
    rating,
    el("button", { type: "submit" }, "Search"),
  ) as HTMLFormElement;
  return { form, query, rating };
}
