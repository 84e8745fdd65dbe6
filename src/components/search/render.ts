// Builds a review card in the browser with the markup of src/lib/html/review-card.ts (text goes in as text, never as HTML).

export type ReviewView = {
  id: string;
  date: string;
  rating: number;
  title: string | null;
  text: string | null;
  language: string;
  author: { name: string };
  verified: { method: string } | null;
  source: { platform: string; url: string | null };
  owner_reply: { text: string; date: string } | null;
  mentions: { technicians: string[]; services: string[]; service_areas: string[] };
  aspects?: unknown;
};

/** What the page tells its script: display names by id, and wording shared with the static pages. */
export type SearchConfig = {
  endpoint: string;
  businessName: string;
  names: {
    technicians: Record<string, string>;
    services: Record<string, string>;
    service_areas: Record<string, string>;
    aspects: Record<string, string>;
  };
  platforms: Record<string, string>;
  verification: Record<string, string>;
  notVerified: string;
};

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const formatDate = (date: string) => dateFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string | null,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function link(href: string, text: string, rel?: string): HTMLAnchorElement {
  const a = el("a", null, text);
  a.href = href;
  if (rel) a.rel = rel;
  return a;
}

function time(date: string): HTMLTimeElement {
  const t = el("time", null, formatDate(date));
  t.dateTime = date;
  return t;
}

const SVG = "http://www.w3.org/2000/svg";

function stars(rating: number): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "stars stars-sm");
  svg.setAttribute("viewBox", "0 0 100 20");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${rating} out of 5 stars`);
  const use = (className: string | null) => {
    const u = document.createElementNS(SVG, "use");
    u.setAttribute("href", "#stars5");
    u.setAttribute("width", "100");
    u.setAttribute("height", "20");
    if (className) u.setAttribute("class", className);
    return u;
  };
  const on = document.createElementNS(SVG, "svg");
  on.setAttribute("class", "stars-on");
  on.setAttribute("width", String(rating * 20));
  on.setAttribute("height", "20");
  on.append(use(null));
  svg.append(use("stars-off"), on);
  return svg;
}

type Aspect = { aspect: string; sentiment: string };

function aspectsOf(review: ReviewView): Aspect[] {
  if (!Array.isArray(review.aspects)) return [];
  return review.aspects.flatMap((a: { aspect?: unknown; id?: unknown; sentiment?: unknown; polarity?: unknown }) => {
    const id = a?.aspect ?? a?.id;
    const raw = a?.sentiment ?? a?.polarity;
    const label = typeof raw === "object" && raw !== null ? (raw as { label?: unknown }).label : raw;
    const sentiment = label === "positive" || label === "negative" ? label : "neutral";
    return typeof id === "string" ? [{ aspect: id, sentiment }] : [];
  });
}

export function renderReview(r: ReviewView, config: SearchConfig): HTMLElement {
  const { names } = config;
  const article = el("article", "review");
  article.id = `review-${r.id}`;
  article.dataset["reviewId"] = r.id;
  article.dataset["rating"] = String(r.rating);

  const platform = config.platforms[r.source.platform] ?? r.source.platform;
  const verified = r.verified ? el("span", "verified", "Verified") : el("span", "not-verified", "Not verified");
  verified.title = r.verified ? (config.verification[r.verified.method] ?? "Verified") : config.notVerified;
  const sep = () => {
    const s = el("span", "sep", "·");
    s.setAttribute("aria-hidden", "true");
    return s;
  };
  const permalink = el("a", "review-link", time(r.date));
  permalink.href = `/reviews/${r.id}/`;
  const meta = el(
    "p",
    "review-meta",
    permalink,
    sep(),
    verified,
    sep(),
    r.source.url ? link(r.source.url, `on ${platform}`, "nofollow noopener") : el("span", null, `on ${platform}`),
  );
  article.append(el("header", "review-head", stars(r.rating), el("h3", "review-author", r.author.name), meta));

  // The reviewer's own words are marked with their language, so a screen reader reads a Spanish review in Spanish.
  const own = (p: HTMLElement) => ((p.lang = r.language), p);
  if (r.title) article.append(own(el("p", "review-title", r.title)));
  article.append(
    r.text
      ? own(el("p", "review-text", r.text))
      : el("p", "review-text rating-only", "Rating only, no written review."),
  );

  const linked = [
    ...r.mentions.technicians.map((id) => link(`/technicians/${id}/`, names.technicians[id] ?? id)),
    ...r.mentions.services.map((id) => link(`/services/${id}/`, names.services[id] ?? id)),
  ];
  const areas = r.mentions.service_areas.map((id) => names.service_areas[id] ?? id);
  if (linked.length || areas.length) {
    const p = el("p", "review-mentions", "Mentions: ");
    linked.forEach((a, i) => p.append(...(i > 0 ? [", ", a] : [a])));
    if (areas.length) p.append(`${linked.length ? ", " : ""}${areas.join(", ")}`);
    article.append(p);
  }

  const aspects = aspectsOf(r);
  if (aspects.length) {
    const list = el("ul", "review-aspects");
    list.setAttribute("aria-label", "What the review talks about");
    for (const a of aspects) {
      const label = names.aspects[a.aspect];
      const words = a.aspect.replace(/[_-]+/g, " ");
      const text = label ?? words.charAt(0).toUpperCase() + words.slice(1);
      list.append(
        el(
          "li",
          `aspect aspect-${a.sentiment}`,
          label ? link(`/aspects/${a.aspect}/`, text) : text,
          el("span", "aspect-sentiment", a.sentiment),
        ),
      );
    }
    article.append(list);
  }

  if (r.owner_reply) {
    article.append(
      el(
        "div",
        "owner-reply",
        el("p", "reply-head", `Reply from ${config.businessName}, `, time(r.owner_reply.date)),
        el("p", "reply-text", r.owner_reply.text),
      ),
    );
  }
  return article;
}
