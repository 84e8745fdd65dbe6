// The published reviews dataset (`/reviews.json`): business with catalog, aggregate rating, every review newest first.
import { z } from "zod";
import { Business } from "./business.ts";
import { Timestamp } from "./common.ts";
import { Review } from "./review.ts";

export const AggregateRating = z
  .object({
    count: z.int().min(0).meta({ description: "All published reviews (each carries a rating)" }),
    text_count: z.int().min(0).meta({ description: "Reviews with text (the rest are rating-only)" }),
    average: z
      .number()
      .min(0)
      .max(5)
      .nullable()
      .meta({ description: "Mean star rating rounded to 2 decimals; null with no reviews" }),
    best_rating: z.literal(5),
    worst_rating: z.literal(1),
    distribution: z
      .object({
        "1": z.int().min(0),
        "2": z.int().min(0),
        "3": z.int().min(0),
        "4": z.int().min(0),
        "5": z.int().min(0),
      })
      .strict()
      .meta({ description: "Number of reviews per star rating" }),
  })
  .strict()
  .meta({ id: "AggregateRating" });

export const ReviewsDataset = z
  .object({
    business: Business,
    aggregate_rating: AggregateRating,
    updated_at: Timestamp.meta({
      description: "Newest change in the data (review, edit, owner reply or business metadata)",
    }),
    reviews: z.array(Review).meta({ description: "Every review, newest first: date descending, then id descending" }),
  })
  .strict()
  .meta({ id: "ReviewsDataset" });

export type AggregateRating = z.output<typeof AggregateRating>;
export type ReviewsDataset = z.output<typeof ReviewsDataset>;
