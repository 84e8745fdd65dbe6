// get_reviews_since: reviews dated on or after a date, oldest first, the order an incremental consumer processes them; paged.
import { z } from "zod";
import { Review } from "../../schema/review.ts";
import { CURSOR_MAX_LENGTH, LIMIT_MAX } from "../../schema/search.ts";
import { sinceCursor } from "../../search/cursor.ts";
import type { PageKey } from "../../search/run.ts";
import { sincePage } from "../../search/since.ts";
import { dateArg, intArg, rule } from "./args.ts";
import { defineTool, fail, nextHint, ok } from "./tool.ts";

const SINCE_LIMIT_DEFAULT = 50;

export const getReviewsSince = defineTool({
  name: "get_reviews_since",
  title: "Get reviews since a date",
  description: () =>
    "Every review dated on or after `date` (the business's time zone), whole, oldest first (date, then id, ascending): the order to process new reviews in, as GET /api/reviews/since/{date}, a page of `limit` with the `total`. More: call again with the same `date` and `cursor` set to `next_cursor`.",
  input: z
    .object({
      date: dateArg().meta({ description: "First day of the reviews returned" }),
      limit: intArg(1, LIMIT_MAX).default(SINCE_LIMIT_DEFAULT).meta({ description: "Reviews per page" }),
      cursor: z
        .string({ error: rule("the next_cursor of a previous page") })
        .max(CURSOR_MAX_LENGTH, { error: "expected the next_cursor of a previous page" })
        .optional()
        .meta({ description: "next_cursor of the previous page, with the same date" }),
    })
    .strict(),
  examples: (ex) => ({ date: ex.review ? [ex.review.date] : [] }),
  output: z
    .object({
      since: z.string(),
      total: z.int().min(0).meta({ description: "All reviews dated on or after `since`, on every page" }),
      count: z.int().min(0),
      limit: z.int().min(1).max(LIMIT_MAX),
      next_cursor: z.string().nullable(),
      next: z.string().nullable().meta({ description: "How to get the next page; null on the last one" }),
      reviews: z.array(Review).meta({ description: "This page, oldest first: date ascending, then id ascending" }),
    })
    .strict(),
  run: (args, data) => {
    const { index } = data;
    let after: PageKey | null = null;
    if (args.cursor !== undefined) {
      const cursor = sinceCursor.decode(args.cursor);
      if (!cursor) return fail("cursor", "expected the next_cursor of a previous page, got something else");
      if (cursor.scope !== args.date)
        return fail(
          "cursor",
          `was issued for date ${cursor.scope}; call with that date or start over without the cursor`,
        );
      after = cursor.after;
    }
    const page = sincePage(index, args.date, args.limit, after);
    return ok({
      since: args.date,
      total: page.total,
      count: page.positions.length,
      limit: args.limit,
      next_cursor: page.next ? sinceCursor.encode({ scope: args.date, after: page.next }) : null,
      next: page.next ? nextHint("get_reviews_since", `date ${args.date} and cursor set to next_cursor`) : null,
      reviews: index.reviews(page.positions),
    });
  },
});
