// A review: the input line of reviews.jsonl, and the published record that adds what the build derives.
import { z } from "zod";
import { HttpUrl, IsoDate, Slug, Timestamp } from "./common.ts";
import { AspectPolarity, SentimentLabel } from "./insights.ts";

export const ReviewId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, "expected 1-64 characters: letters, digits, '-' or '_'");

export const Platform = z.enum(["google", "trustpilot", "yelp", "facebook", "bbb", "angi", "website", "email"]);

export const Verification = z
  .object({
    method: z.enum(["invoice", "booking", "platform", "manual"]).meta({
      description:
        "invoice/booking: matched to a paid job or appointment; platform: the source platform verified it; manual: checked by staff",
    }),
    verified_at: Timestamp,
  })
  .strict();

export const ReviewInput = z
  .object({
    id: ReviewId,
    published_at: Timestamp.meta({ description: "When the review was published on its source" }),
    updated_at: Timestamp.nullable().default(null).meta({ description: "When the reviewer last edited it, if ever" }),
    rating: z.int().min(1).max(5),
    title: z.string().trim().min(1).max(200).nullable().default(null),
    text: z
      .string()
      .max(20000)
      .refine((t) => t.trim() !== "", "empty text: use null for a rating-only review")
      .nullable()
      .meta({ description: "Review body; null for a rating-only review" }),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .nullable()
      .default(null),
    author: z
      .object({
        name: z.string().trim().min(1).max(100).meta({ description: "Display name as the reviewer chose it" }),
        avatar_url: HttpUrl.nullable().default(null),
      })
      .strict(),
    experience_date: IsoDate.nullable().default(null).meta({ description: "When the service took place, if known" }),
    verified: Verification,
    source: z
      .object({
        platform: Platform,
        url: HttpUrl.nullable().meta({ description: "Permalink to the review on its platform" }),
      })
      .strict(),
    owner_reply: z
      .object({ text: z.string().trim().min(1).max(5000), published_at: Timestamp })
      .strict()
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.updated_at && r.updated_at < r.published_at) {
      ctx.addIssue({ code: "custom", path: ["updated_at"], message: "must not be before published_at" });
    }
    if (r.experience_date && r.experience_date > r.published_at.slice(0, 10)) {
      ctx.addIssue({
        code: "custom",
        path: ["experience_date"],
        message: "must not be after the review was published",
      });
    }
    if (r.owner_reply && r.owner_reply.published_at < r.published_at) {
      ctx.addIssue({
        code: "custom",
        path: ["owner_reply", "published_at"],
        message: "must not be before the review's published_at",
      });
    }
  });

export type ReviewInput = z.output<typeof ReviewInput>;

export const Mentions = z
  .object({
    technicians: z.array(Slug),
    services: z.array(Slug),
    service_areas: z.array(Slug),
  })
  .strict()
  .meta({ description: "Catalog ids the review text names (by name or alias), sorted" });

export const ReviewAspect = z
  .object({
    aspect: z.string().meta({ description: "Aspect id, one of the ids in /insights.json aspects" }),
    sentiment: AspectPolarity,
    evidence: z.string().meta({ description: "The exact clause of the review's text that carries the judgement" }),
  })
  .strict()
  .meta({ id: "ReviewAspect", description: "What the review says about one aspect, computed at build time" });

export const ReviewSentiment = z
  .object({
    label: SentimentLabel,
    score: z.number().min(-1).max(1).meta({
      description: "-1 to 1: the text's tone blended with the star rating (the rating alone when there is no text)",
    }),
  })
  .strict()
  .meta({ id: "ReviewSentiment", description: "Overall tone of the review, computed at build time" });

export const Review = z
  .object({
    id: ReviewId,
    date: IsoDate.meta({ description: "Publication date in the business's time zone; what date filters use" }),
    published_at: Timestamp,
    updated_at: Timestamp.nullable(),
    rating: z.int().min(1).max(5),
    title: z.string().nullable(),
    text: z.string().nullable(),
    language: z.string().meta({ description: "BCP 47 tag; the business's language unless the review says otherwise" }),
    author: z.object({ name: z.string(), avatar_url: HttpUrl.nullable() }).strict(),
    experience_date: IsoDate.nullable(),
    verified: Verification,
    source: z.object({ platform: Platform, url: HttpUrl.nullable() }).strict(),
    owner_reply: z.object({ text: z.string(), published_at: Timestamp, date: IsoDate }).strict().nullable(),
    mentions: Mentions,
    sentiment: ReviewSentiment,
    aspects: z
      .array(ReviewAspect)
      .meta({ description: "At most one entry per aspect, in taxonomy order; empty for rating-only reviews" }),
  })
  .strict()
  .meta({ id: "Review", description: "One verified review" });

export type Review = z.output<typeof Review>;
export type Mentions = z.output<typeof Mentions>;
export type ReviewAspect = z.output<typeof ReviewAspect>;
