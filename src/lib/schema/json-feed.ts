// JSON Feed 1.1 (https://jsonfeed.org/version/1.1) as published at /api/feed.json, with the review extension `_review`.
import { z } from "zod";
import { IsoDate, Slug, Timestamp } from "./common.ts";
import { Platform } from "./review.ts";

const Author = z.object({ name: z.string(), url: z.url().optional(), avatar: z.url().optional() }).strict();

export const JsonFeedItem = z
  .object({
    id: z.string().meta({ description: "Stable URN of the review: urn:reviews:<business id>:<review id>" }),
    url: z.url().meta({ description: "The review's own page on this site" }),
    external_url: z.url().optional().meta({ description: "Permalink of the review on its source platform" }),
    title: z.string(),
    content_text: z.string(),
    date_published: Timestamp,
    date_modified: Timestamp,
    authors: z.array(Author).min(1),
    tags: z.array(z.string()).optional(),
    language: z.string(),
    _review: z
      .object({
        about: z.url(),
        id: z.string(),
        date: IsoDate,
        rating: z.int().min(1).max(5),
        verified_method: z.string().nullable(),
        platform: Platform,
        has_owner_reply: z.boolean(),
        mentions: z
          .object({ technicians: z.array(Slug), services: z.array(Slug), service_areas: z.array(Slug) })
          .strict(),
      })
      .strict()
      .meta({ description: "Review extension: the structured fields behind the item" }),
  })
  .strict()
  .meta({ id: "JsonFeedItem" });

export const JsonFeed = z
  .object({
    version: z.literal("https://jsonfeed.org/version/1.1"),
    title: z.string(),
    home_page_url: z.url(),
    feed_url: z.url(),
    description: z.string(),
    language: z.string(),
    authors: z.array(Author).min(1),
    hubs: z.array(z.object({ type: z.literal("WebSub"), url: z.url() }).strict()).length(1),
    items: z.array(JsonFeedItem).max(50).meta({ description: "The 50 newest reviews, newest first" }),
  })
  .strict()
  .meta({ id: "JsonFeed", description: "JSON Feed 1.1 of the 50 newest reviews" });

export type JsonFeed = z.output<typeof JsonFeed>;
export type JsonFeedItem = z.output<typeof JsonFeedItem>;
