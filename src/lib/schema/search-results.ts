// The search and since result envelopes: every filter as the search understood it, the page of reviews, the cursor.
import { z } from "zod";
import { Slug } from "./common.ts";
import { AspectPolarity, SentimentLabel } from "./insights.ts";
import { Review } from "./review.ts";
import { DateParam, filterRules, LIMIT_MAX, QUERY_MAX_LENGTH } from "./search.ts";

const MentionFilter = z
  .object({
    input: z.string().meta({ description: "The parameter as given, trimmed" }),
    resolved: Slug.meta({
      description: "The catalog id it resolved to (a parameter that names no catalog entry is a 400, not a filter)",
    }),
  })
  .strict()
  .meta({ id: "MentionFilter", description: "A mention filter as understood" });

const AspectFilter = z
  .object({
    input: z.string().meta({ description: "The parameter as given, trimmed" }),
    resolved: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .nullable()
      .meta({
        description:
          "The taxonomy's aspect id (e.g. work_quality); null when it names no aspect (then nothing matches)",
      }),
  })
  .strict()
  .meta({ id: "AspectFilter", description: "The aspect filter as understood" });

export const SearchFilters = z
  .object({
    rating: z.int().min(1).max(5).nullable(),
    min_rating: z.number().min(1).max(5).nullable(),
    // Cursors issued before the filter existed carry no max_rating: they still continue their search.
    max_rating: z.number().min(1).max(5).nullable().default(null),
    since: DateParam.nullable(),
    until: DateParam.nullable(),
    query: z
      .string()
      .min(1)
      .max(QUERY_MAX_LENGTH)
      .nullable()
      .meta({ description: "The query after normalisation; null when absent or empty" }),
    mentions_technician: MentionFilter.nullable(),
    mentions_service: MentionFilter.nullable(),
    aspect: AspectFilter.nullable(),
    aspect_sentiment: AspectPolarity.nullable(),
    sentiment: SentimentLabel.nullable(),
  })
  .strict()
  .superRefine((f, ctx) =>
    filterRules(
      {
        since: f.since,
        until: f.until,
        min: f.min_rating,
        max: f.max_rating,
        aspect: f.aspect !== null,
        sentiment: f.aspect_sentiment,
      },
      ctx,
    ),
  )
  .meta({
    id: "SearchFilters",
    description: "Every filter as understood (from the parameters, or from the cursor); null when not filtering",
  });

export const SearchResult = z
  .object({
    filters: SearchFilters,
    total: z.int().min(0).meta({ description: "All reviews matching the filters, on every page" }),
    count: z.int().min(0).max(LIMIT_MAX).meta({ description: "Reviews returned on this page" }),
    limit: z.int().min(1).max(LIMIT_MAX).meta({ description: "The page size applied" }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` to get the next page; null on the last page" }),
    reviews: z.array(Review).max(LIMIT_MAX).meta({
      description: "The matching reviews of this page, full records, newest first: date descending, then id descending",
    }),
  })
  .strict()
  .meta({ id: "SearchResult", description: "A page of the reviews matching every filter (filters combine with AND)" });

export const SinceResult = z
  .object({
    since: DateParam.meta({ description: "The date from the path" }),
    count: z.int().min(0).meta({ description: "Number of reviews returned (all of them: there is no limit)" }),
    reviews: z
      .array(Review)
      .meta({ description: "Every review dated on or after `since`, oldest first: date ascending, then id ascending" }),
  })
  .strict()
  .meta({
    id: "SinceResult",
    description: "Reviews dated on or after a date, in the order an incremental consumer processes them",
  });

export type SearchFilters = z.output<typeof SearchFilters>;
export type SearchResult = z.output<typeof SearchResult>;
export type SinceResult = z.output<typeof SinceResult>;
