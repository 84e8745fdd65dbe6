// Builds the JSON Feed 1.1 document of the newest reviews (pure; written directly because `feed` only writes JSON Feed 1.0).
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { JsonFeed, JsonFeedItem } from "../schema/json-feed.ts";
import { reviewPath } from "../html/review-card.ts";
import { siteUrls } from "../site-urls.ts";
import { reviewModifiedAt } from "../reviews/last-change.ts";
import { FEED_SIZE, reviewPlainText, reviewTitle, reviewUrn } from "./items.ts";

export function jsonFeed(dataset: ReviewsDataset, origin: string): JsonFeed {
  const urls = siteUrls(origin);
  const { business } = dataset;
  const names = (ids: string[], list: { id: string; name: string }[]) =>
    ids.map((id) => list.find((e) => e.id === id)!.name);
  const items: JsonFeedItem[] = dataset.reviews.slice(0, FEED_SIZE).map((r) => ({
    id: reviewUrn(business.id, r.id),
    url: new URL(reviewPath(r.id), origin).href,
    ...(r.source.url ? { external_url: r.source.url } : {}),
    title: reviewTitle(r),
    content_text: reviewPlainText(r),
    date_published: r.published_at,
    date_modified: reviewModifiedAt(r),
    authors: [{ name: r.author.name, ...(r.author.avatar_url ? { avatar: r.author.avatar_url } : {}) }],
    tags: [...names(r.mentions.services, business.services), ...names(r.mentions.technicians, business.technicians)],
    language: r.language,
    _review: {
      about: urls.developers,
      id: r.id,
      date: r.date,
      rating: r.rating,
      verified_method: r.verified?.method ?? null,
      platform: r.source.platform,
      has_owner_reply: r.owner_reply !== null,
      mentions: r.mentions,
    },
  }));
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: `${business.name}: verified customer reviews`,
    home_page_url: urls.reviewsPage,
    feed_url: urls.jsonFeed,
    description: `The ${FEED_SIZE} newest verified customer reviews of ${business.name}.`,
    language: business.language,
    authors: [{ name: business.name, url: business.url }],
    hubs: [{ type: "WebSub", url: urls.hub }],
    items,
  };
}
