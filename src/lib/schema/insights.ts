// The published insights dataset (`/insights.json`): aspects, entities, topics, temporal trend, FAQ and summary.
import { z } from "zod";
import { IsoDate, Slug } from "./common.ts";

const ReviewIds = z.array(z.string()).meta({ description: "Ids of reviews in /reviews.json that support the figure" });

export const EntityInsight = z
  .object({
    id: Slug,
    name: z.string(),
    mention_count: z.int().min(0),
    average_rating: z.number().min(1).max(5).nullable(),
    example_review_ids: ReviewIds,
  })
  .strict();

export const Insights = z
  .object({
    version: z.string().meta({ description: "Changes whenever the engine or the taxonomy changes" }),
    engine: z.object({ name: z.string(), version: z.string() }).strict(),
    review_count: z.int().min(0),
    date_range: z.object({ from: IsoDate, to: IsoDate }).strict().nullable(),
    aspects: z.array(z.object({ id: Slug, label: z.string() }).loose()).meta({ description: "Per-aspect sentiment" }),
    entities: z
      .object({
        technicians: z.array(EntityInsight),
        services: z.array(EntityInsight),
        service_areas: z.array(EntityInsight),
      })
      .loose(),
    topics: z.array(z.object({ id: z.string(), label: z.string() }).loose()),
    temporal: z
      .object({
        monthly: z.array(
          z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), review_count: z.int().min(0), average_rating: z.number().nullable() }).loose(),
        ),
      })
      .loose(),
    faq: z.array(z.object({ question: z.string(), answer: z.string(), review_ids: ReviewIds }).loose()),
    summary: z
      .object({ text: z.string(), pull_quote: z.object({ review_id: z.string(), text: z.string() }).strict().nullable() })
      .strict(),
  })
  .strict()
  .meta({ id: "Insights", description: "What the reviews say, computed at build time from /reviews.json" });

export type Insights = z.output<typeof Insights>;
export type EntityInsight = z.output<typeof EntityInsight>;
