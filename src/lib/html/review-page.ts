// What the page of one review says in the shell's slots: title, description, heading, its card and its JSON-LD.
import { esc } from "../charts/svg.ts";
import { businessId } from "../jsonld/business.ts";
import { reviewNode } from "../jsonld/review.ts";
import { serializeJsonLd } from "../jsonld/script.ts";
import type { CatalogNames } from "../reviews/catalog-names.ts";
import type { Business } from "../schema/business.ts";
import type { Review } from "../schema/review.ts";
import { excerpt } from "./excerpt.ts";
import { reviewCardHtml, reviewPath } from "./review-card.ts";
import type { ShellValues } from "./review-shell.ts";

const DESCRIPTION_CHARS = 155;

export function reviewPageValues(
  review: Review,
  ctx: Readonly<{ business: Business; names: CatalogNames; origin: string }>,
): ShellValues {
  const { business, origin } = ctx;
  const heading = `${review.author.name}'s ${review.rating}-star review`;
  const url = new URL(reviewPath(review.id), origin).href;
  // The business node (with the aggregate rating the page shows) is in the shell's head; this one points at it.
  const node = {
    "@context": "https://schema.org",
    ...reviewNode(review),
    "@id": `${url}#review`,
    url,
    ...(review.source.url ? { sameAs: review.source.url } : {}),
    itemReviewed: { "@id": businessId(origin) },
  };
  const main =
    `<h2 class="visually-hidden">The review</h2>${reviewCardHtml(review, ctx.names, business.name)}` +
    `<script type="application/ld+json">${serializeJsonLd(node)}</script>`;
  return {
    id: review.id,
    title: esc(`${heading} of ${business.name}`),
    description: esc(describe(review)),
    // The name in <bdi>: a right-to-left (or override) character in it must not reorder the words around it.
    heading: `<bdi>${esc(review.author.name)}</bdi>${esc(heading.slice(review.author.name.length))}`,
    main,
  };
}

/** The start of the review's words; rating-only reviews say so. */
function describe(review: Review): string {
  const words = [review.title, review.text].filter(Boolean).join(": ");
  return words === "" ? `Rated ${review.rating} out of 5, with no written review.` : excerpt(words, DESCRIPTION_CHARS);
}
