// Builds the Atom feed of the newest reviews with the `feed` package, with rel="self" and rel="hub" links.
import { Feed } from "feed";
import type { ReviewsDataset } from "../schema/dataset.ts";
import { siteUrls } from "../site-urls.ts";
import { FEED_SIZE, reviewModifiedAt, reviewPlainText, reviewTitle, reviewUrn } from "./items.ts";

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
  for (const r of dataset.reviews.slice(0, FEED_SIZE)) {
    feed.addItem({
      id: reviewUrn(business.id, r.id),
      title: escapeHtml(reviewTitle(r)),
      link: r.source.url ?? urls.reviewsPage,
      date: new Date(reviewModifiedAt(r)),
      published: new Date(r.published_at),
      content: escapeHtml(reviewPlainText(r)).replace(/\n/g, "<br>"),
      author: [{ name: r.author.name }],
      category: r.mentions.services.map((id) => ({ term: id })),
    });
  }
  return feed.atom1();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
