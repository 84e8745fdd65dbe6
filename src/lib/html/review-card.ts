// One review card as HTML: the markup of the static pages (ReviewCard.astro), of the sidecar's review pages and search
// answers, and of the search page's script. Every value is escaped here.
import { esc } from "../charts/svg.ts";
import { aspectLabel, type CatalogNames } from "../reviews/catalog-names.ts";
import { formatDate, NOT_VERIFIED_LABEL, platformName, VERIFICATION_LABELS } from "../reviews/labels.ts";
import type { Review } from "../schema/review.ts";
import { starsSvg } from "./stars.ts";

/** The review's own page: every card links there, feeds and the sitemap too. */
export function reviewPath(id: string): string {
  return `/reviews/${id}/`;
}

const time = (date: string) => `<time datetime="${esc(date)}">${formatDate(date)}</time>`;
const SEP = `<span class="sep" aria-hidden="true">·</span>`;

export function reviewCardHtml(r: Review, names: CatalogNames, businessName: string): string {
  const platform = esc(platformName(r.source.platform));
  const verified = r.verified
    ? `<span class="verified" title="${esc(VERIFICATION_LABELS[r.verified.method])}">Verified</span>`
    : `<span class="not-verified" title="${esc(NOT_VERIFIED_LABEL)}">Not verified</span>`;
  const source = r.source.url
    ? `<a href="${esc(r.source.url)}" rel="nofollow noopener">on ${platform}</a>`
    : `<span>on ${platform}</span>`;
  const lang = esc(r.language);
  const parts = [
    `<article class="review" id="review-${r.id}" data-review-id="${r.id}" data-rating="${r.rating}">`,
    `<header class="review-head">${starsSvg(r.rating)}<h3 class="review-author">${esc(r.author.name)}</h3>`,
    `<p class="review-meta"><a class="review-link" href="${reviewPath(r.id)}">${time(r.date)}</a>`,
    // An edited review says so, and when: what a reader sees may not be what was first written.
    r.updated_at ? `${SEP}<span class="edited">Edited ${time(r.updated_at)}</span>` : "",
    `${SEP}${verified}${SEP}${source}</p></header>`,
  ];
  if (r.title) parts.push(`<p class="review-title" lang="${lang}">${esc(r.title)}</p>`);
  parts.push(
    r.text
      ? `<p class="review-text" lang="${lang}">${esc(r.text)}</p>`
      : `<p class="review-text rating-only">Rating only, no written review.</p>`,
  );
  parts.push(mentions(r, names), aspects(r, names));
  if (r.owner_reply) {
    parts.push(
      `<div class="owner-reply"><p class="reply-head">Reply from ${esc(businessName)}, ${time(r.owner_reply.date)}</p>`,
      `<p class="reply-text">${esc(r.owner_reply.text)}</p></div>`,
    );
  }
  parts.push(`</article>`);
  return parts.join("");
}

function mentions(r: Review, names: CatalogNames): string {
  const link = (href: string, name: string) => `<a href="${href}">${esc(name)}</a>`;
  const linked = [
    ...r.mentions.technicians.map((id) => link(`/technicians/${id}/`, names.technicians.get(id) ?? id)),
    ...r.mentions.services.map((id) => link(`/services/${id}/`, names.services.get(id) ?? id)),
  ];
  const areas = r.mentions.service_areas.map((id) => esc(names.service_areas.get(id) ?? id));
  if (linked.length === 0 && areas.length === 0) return "";
  return `<p class="review-mentions">Mentions: ${[...linked, ...areas].join(", ")}</p>`;
}

/** The aspect chips, unless the owner hides them; linked to the aspect pages unless the owner hides the insights. */
function aspects(r: Review, names: CatalogNames): string {
  const list = names.display.review_aspects ? (r.aspects ?? []) : [];
  if (list.length === 0) return "";
  const items = list.map((a) => {
    const label = esc(aspectLabel(names, a.aspect));
    const linked = names.display.insights && names.aspects.has(a.aspect);
    const name = linked ? `<a href="/aspects/${a.aspect}/">${label}</a>` : label;
    return `<li class="aspect aspect-${a.sentiment}">${name}<span class="aspect-sentiment">${a.sentiment}</span></li>`;
  });
  return `<ul class="review-aspects" aria-label="What the review talks about">${items.join("")}</ul>`;
}
