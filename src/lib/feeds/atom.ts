// Builds the Atom feed of the newest reviews with the `feed` package, with rel="self" and rel="hub" links.
import { Feed } from "feed";
import type { ReviewsDataset } from "../schema/dataset.ts";
import { reviewPath } from "../html/review-card.ts";
import { siteUrls } from "../site-urls.ts";
import { reviewModifiedAt } from "../reviews/last-change.ts";
import { FEED_SIZE, reviewPlainText, reviewTitle, reviewUrn } from "./items.ts";

export function atomFeed(dataset: ReviewsDataset, origin: string): string {
  const urls = siteUrls(origin);
  const { business } = dataset;
  const feed = new Feed({
    id: urls.atomFeed,
    title: `${business.name}: verified customer reviews`,
    description: `The ${FEED_SIZE} newest verified customer reviews of ${business.name}.`,
    link: urls.reviewsPage,
    feedLinks: { atom: urls.atomFeed, json: urls.jsonFeed },
    hub: urls.hub,
    language: business.language,
    // From the data, never the clock: builds stay byte-identical.
    updated: new Date(dataset.updated_at),
    generator: "reviews-service",
    author: { name: business.name, link: business.url },
  });
  const entries = dataset.reviews.slice(0, FEED_SIZE);
  for (const r of entries) {
    feed.addItem({
      id: reviewUrn(business.id, r.id),
      title: escapeHtml(reviewTitle(r)),
      link: new URL(reviewPath(r.id), origin).href,
      date: new Date(reviewModifiedAt(r)),
      published: new Date(r.published_at),
      content: escapeHtml(reviewPlainText(r)).replace(/\n/g, "<br>"),
      author: [{ name: r.author.name }],
      category: r.mentions.services.map((id) => ({ term: id })),
    });
  }
  return withEntryLanguages(
    feed.atom1(),
    entries.map((r) => r.language),
  );
}

/**
 * `feed` writes no xml:lang on entries: each `<entry>` gets its review's language here. The tag cannot occur elsewhere,
 * as titles and contents are escaped HTML and names are escaped text.
 */
function withEntryLanguages(xml: string, languages: readonly string[]): string {
  const parts = xml.split("<entry>");
  if (parts.length !== languages.length + 1)
    throw new Error(`the Atom feed has ${parts.length - 1} entries for ${languages.length} reviews`);
  return parts.reduce((out, part, i) => `${out}<entry xml:lang="${escapeHtml(languages[i - 1]!)}">${part}`);
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
