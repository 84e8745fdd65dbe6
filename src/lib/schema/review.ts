// A review: the input line of reviews.jsonl, and the published record that adds what the build derives.
import { z } from "zod";
import { refuseUncarriable } from "./carriable-text.ts";
import { HttpUrl, IsoDate, Slug, Timestamp, TimestampInput } from "./common.ts";
import { AspectPolarity, SentimentLabel } from "./insights.ts";

export const ReviewId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, "expected 1-64 characters: letters, digits, '-' or '_'");

/** Where the review was written: a short lower-case token; known platforms get a display name (src/lib/reviews/platforms.ts). */
export const Platform = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, "expected a short lower-case token such as 'google', 'trustpilot' or 'nextdoor'")
  .meta({ description: "Source platform, a lower-case token such as google, trustpilot, yelp, facebook or nextdoor" });

export const VerificationMethod = z.enum(["invoice", "booking", "platform", "manual"]).meta({
  description:
    "invoice/booking: matched to a paid job or appointment; platform: the source platform verified it; manual: checked by staff",
});

const Verification = z.object({ method: VerificationMethod, verified_at: Timestamp }).strict();

const VerificationInput = z.object({ method: VerificationMethod, verified_at: TimestampInput }).strict();

/** A review is published unverified only when imported so on purpose; it is shown and counted as not verified. */
const VERIFIED_NOTE = "How the review was verified; null when it was not (imported with --include-unverified)";

export const ReviewInput = z
  .object({
    id: ReviewId,
    published_at: TimestampInput.meta({ description: "When the review was published on its source" }),
    updated_at: TimestampInput.nullable()
      .default(null)
      .meta({ description: "When the reviewer last edited it, if ever" }),
    rating: z.int().min(1).max(5),
    title: z.string().trim().min(1).max(200).nullable().default(null),
    text: z
      .string()
      .max(20000)
      .refine((t) => t.trim() !== "", "empty text: use null for a rating-only review")
      .nullable()
      .default(null)
      .meta({ description: "Review body; null or absent for a rating-only review" }),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "expected a BCP 47 language tag such as 'en' or 'es-MX'")
      .nullable()
      .default(null)
      .meta({ description: "BCP 47 tag; detected from the text when absent" }),
    author: z
      .object({
        name: z.string().trim().min(1).max(100).meta({ description: "Display name as the reviewer chose it" }),
        avatar_url: HttpUrl.nullable().default(null),
      })
      .strict(),
    experience_date: IsoDate.nullable().default(null).meta({ description: "When the service took place, if known" }),
    verified: VerificationInput.nullable().meta({ description: VERIFIED_NOTE }),
    source: z
      .object({
        platform: Platform,
        url: HttpUrl.nullable().default(null).meta({ description: "Permalink to the review on its platform" }),
      })
      .strict(),
    owner_reply: z
      .object({ text: z.string().trim().min(1).max(5000), published_at: TimestampInput })
      .strict()
      .nullable()
      .default(null),
  })
  .strict()
  // Run when other fields failed too, so every problem of a line is reported in one build.
  .superRefine(refuseUncarriable, { when: () => true })
  .superRefine(crossFieldProblems, { when: () => true });

/** Problems between fields, checked on whatever of them are valid (the value may have failed elsewhere). */
function crossFieldProblems(r: Partial<Record<keyof ReviewInput, unknown>>, ctx: z.RefinementCtx): void {
  const published = utc(r.published_at);
  if (published === null) return;
  const updated = utc(r.updated_at);
  if (updated !== null && updated < published) {
    ctx.addIssue({ code: "custom", path: ["updated_at"], message: "must not be before published_at" });
  }
  const experienced = r.experience_date;
  if (typeof experienced === "string" && experienced > published.slice(0, 10)) {
    ctx.addIssue({ code: "custom", path: ["experience_date"], message: "must not be after the review was published" });
  }
  const reply = r.owner_reply as { published_at?: unknown } | null | undefined;
  const replied = utc(reply?.published_at);
  if (replied !== null && replied < published) {
    ctx.addIssue({
      code: "custom",
      path: ["owner_reply", "published_at"],
      message: "must not be before the review's published_at",
    });
  }
}

/** `value` when it is a timestamp in the normalised form (a field that failed is left as it came). */
function utc(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value) ? value : null;
}

export type ReviewInput = z.output<typeof ReviewInput>;
export type VerificationMethod = z.output<typeof VerificationMethod>;

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

const ReviewSentiment = z
  .object({
    label: SentimentLabel,
    score: z.number().min(-1).max(1).meta({
      description: "-1 to 1: the text's tone blended with the star rating (the rating alone when there is no text)",
    }),
  })
  .strict()
  .meta({ id: "ReviewSentiment", description: "Overall tone of the review, computed at build time" });

const AnalysisStatus = z.enum(["analysed", "rating_only", "not_analysed"]).meta({
  id: "AnalysisStatus",
  description:
    "analysed: the text was read; rating_only: no text, sentiment from the stars; not_analysed: written in a language the engine does not read (/insights.json coverage.languages_read), so sentiment comes from the stars alone and aspects is empty",
});

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
    verified: Verification.nullable().meta({ description: VERIFIED_NOTE }),
    source: z.object({ platform: Platform, url: HttpUrl.nullable() }).strict(),
    owner_reply: z.object({ text: z.string(), published_at: Timestamp, date: IsoDate }).strict().nullable(),
    mentions: Mentions,
    analysis_status: AnalysisStatus,
    sentiment: ReviewSentiment,
    aspects: z.array(ReviewAspect).meta({
      description:
        "At most one entry per aspect, in taxonomy order; empty for rating-only reviews and those not analysed (see analysis_status)",
    }),
  })
  .strict()
  .meta({ id: "Review", description: "One verified review" });

export type Review = z.output<typeof Review>;
export type Mentions = z.output<typeof Mentions>;
export type ReviewAspect = z.output<typeof ReviewAspect>;
/** What a review says about an aspect, without the evidence. */
export type AspectTone = Pick<ReviewAspect, "aspect" | "sentiment">;
