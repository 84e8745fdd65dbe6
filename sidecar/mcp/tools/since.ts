// get_reviews_since: reviews dated on or after a date, oldest first, the order an incremental consumer processes them; paged.
import { z } from "zod";
import { IsoDate } from "../../../src/lib/schema/common.ts";
import { Review, ReviewId } from "../../../src/lib/schema/review.ts";
import { CURSOR_MAX_LENGTH, LIMIT_MAX } from "../../../src/lib/schema/search.ts";
import type { SearchIndex } from "../../../src/lib/search/index.ts";
import { dateArg, intArg, rule } from "./args.ts";
import { defineTool, fail, ok } from "./tool.ts";

const SINCE_LIMIT_DEFAULT = 50;

const SinceCursor = z.object({ v: z.literal(1), s: IsoDate, a: z.tuple([IsoDate, ReviewId]) }).strict();
type After = { date: string; id: string };

const encode = (since: string, after: After) =>
  Buffer.from(JSON.stringify({ v: 1, s: since, a: [after.date, after.id] })).toString("base64url");

function decode(token: string): { since: string; after: After } | null {
  try {
    const parsed = SinceCursor.safeParse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
    return parsed.success ? { since: parsed.data.s, after: { date: parsed.data.a[0], id: parsed.data.a[1] } } : null;
  } catch {
    return null;
  }
}

/** Number of positions (newest first) whose key is strictly greater than `key`; with no key, those dated on or after `since`. */
function countAbove(index: SearchIndex, since: string, key: After | null): number {
  const above = (i: number) => {
    const d = index.dates[i]!;
    if (d < since) return false;
    return key === null || d > key.date || (d === key.date && index.ids[i]! > key.id);
  };
  let lo = 0;
  let hi = index.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (above(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const getReviewsSince = defineTool({
  name: "get_reviews_since",
  title: "Get reviews since a date",
  description: `Every review dated on or after \`date\` (YYYY-MM-DD, inclusive, in the business's time zone), oldest first (date ascending, then id ascending): the order to process new reviews incrementally, like GET /api/reviews/since/{date}. Returns \`limit\` reviews per page (default ${SINCE_LIMIT_DEFAULT}, at most ${LIMIT_MAX}) with \`total\`; call again with \`cursor\` set to \`next_cursor\` for the next page (null on the last page).`,
  input: z
    .object({
      date: dateArg().meta({ description: "Calendar date YYYY-MM-DD; reviews dated on or after it are returned" }),
      limit: intArg(1, LIMIT_MAX)
        .default(SINCE_LIMIT_DEFAULT)
        .meta({ description: `Maximum reviews per page (1 to ${LIMIT_MAX}, default ${SINCE_LIMIT_DEFAULT})` }),
      cursor: z
        .string({ error: rule("the next_cursor of a previous page") })
        .max(CURSOR_MAX_LENGTH, { error: "expected the next_cursor of a previous page" })
        .optional()
        .meta({ description: "The `next_cursor` of the previous page, with the same `date`" }),
    })
    .strict(),
  output: z
    .object({
      since: z.string(),
      total: z.int().min(0).meta({ description: "All reviews dated on or after `since`, on every page" }),
      count: z.int().min(0),
      limit: z.int().min(1).max(LIMIT_MAX),
      next_cursor: z.string().nullable(),
      reviews: z.array(Review).meta({ description: "This page, oldest first: date ascending, then id ascending" }),
    })
    .strict(),
  run: (args, data) => {
    const { index } = data;
    let after: After | null = null;
    if (args.cursor !== undefined) {
      const cursor = decode(args.cursor);
      if (!cursor) return fail("cursor", "expected the next_cursor of a previous page, got something else");
      if (cursor.since !== args.date)
        return fail(
          "cursor",
          `was issued for date ${cursor.since}; call with that date or start over without the cursor`,
        );
      after = cursor.after;
    }
    const total = countAbove(index, args.date, null);
    const start = countAbove(index, args.date, after) - 1;
    const reviews = [];
    for (let i = start; i >= 0 && reviews.length < args.limit; i--) reviews.push(index.review(i));
    const last = reviews.at(-1);
    const more = start - reviews.length >= 0;
    return ok({
      since: args.date,
      total,
      count: reviews.length,
      limit: args.limit,
      next_cursor: more && last ? encode(args.date, { date: last.date, id: last.id }) : null,
      reviews,
    });
  },
});
