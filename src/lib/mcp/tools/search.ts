// search_reviews: the HTTP search's parameters as typed JSON arguments, checked by the same rules and answered by the one
// search implementation.
import { z } from "zod";
import { AspectPolarity, SentimentLabel } from "../../schema/insights.ts";
import { LIMIT_DEFAULT, LIMIT_MAX, parseSearchValues } from "../../schema/search.ts";
import { SearchResult } from "../../schema/search-results.ts";
import { searchReviews } from "../../search/search-reviews.ts";
import { dateArg, intArg, numberArg, rule } from "./args.ts";
import { some } from "./examples.ts";
import { defineTool, nextHint, ok } from "./tool.ts";

const text = (description: string) =>
  z
    .string({ error: rule("a string") })
    .optional()
    .meta({ description });
const oneOf = <T extends string>(values: readonly T[], description: string) =>
  z
    .enum(values as [T, ...T[]], { error: rule(`one of ${values.join(", ")}`) })
    .optional()
    .meta({ description });

/**
 * Types as JSON gives them (numbers as numbers); every other rule (lengths after normalisation, since <= until,
 * min_rating <= max_rating, filters that need each other, cursors) is the HTTP parser's, applied to the same values.
 * Each filter is said once, here; the schema carries its range, format or values.
 */
const SearchArgs = z
  .object({
    rating: intArg(1, 5).optional().meta({ description: "Exact star rating" }),
    min_rating: numberArg(1, 5).optional().meta({ description: "Lowest star rating, inclusive" }),
    max_rating: numberArg(1, 5)
      .optional()
      .meta({ description: "Highest star rating, inclusive (2: the negative reviews)" }),
    since: dateArg().optional().meta({ description: "Reviews dated on or after this day" }),
    until: dateArg().optional().meta({ description: "Reviews dated on or before this day" }),
    query: text("Text the review contains (case-insensitive, accents kept)"),
    mentions_technician: text("A technician's id, name, alias or unique first name"),
    mentions_service: text("A service's id, name or alias"),
    aspect: text("An aspect id or label the review judges"),
    aspect_sentiment: oneOf(AspectPolarity.options, "With aspect: how the review judges it"),
    sentiment: oneOf(SentimentLabel.options, "The review's overall tone"),
    limit: intArg(1, LIMIT_MAX).default(LIMIT_DEFAULT).meta({ description: "Reviews per page" }),
    cursor: z
      .string({ error: rule("the next_cursor of a previous page") })
      .optional()
      .meta({ description: "next_cursor of the previous page; it keeps the filters" }),
  })
  .strict();

export const searchReviewsTool = defineTool({
  name: "search_reviews",
  title: "Search reviews",
  description: (ex) =>
    `Reviews of ${ex.business} matching every filter given, whole, newest first (date, then id, descending), a page of \`limit\` with the \`total\` of matches; as GET /api/reviews/search. More: call again with \`cursor\` set to \`next_cursor\`. A technician or service that names nobody is an error listing the names${ex.technicians.length ? ` (technicians: ${some(ex.technicians.map((t) => t.name))})` : ""}.`,
  input: SearchArgs,
  examples: (ex) => ({
    mentions_technician: ex.technicians.slice(0, 2).map((t) => t.name),
    mentions_service: ex.services.slice(0, 2).map((s) => s.id),
    aspect: ex.aspects.slice(0, 4),
  }),
  output: SearchResult.extend({
    next: z.string().nullable().meta({ description: "How to get the next page; null on the last one" }),
  }),
  run: (args, data) => {
    const parsed = parseSearchValues(args);
    if (!parsed.ok) return { ok: false, issues: parsed.issues.map((i) => ({ path: i.path, message: i.message })) };
    const outcome = searchReviews(data.index, parsed.value);
    if (!outcome.ok) return { ok: false, issues: outcome.issues.map((i) => ({ path: i.path, message: i.message })) };
    const next = outcome.result.next_cursor === null ? null : nextHint("search_reviews", "cursor set to next_cursor");
    return ok({ ...outcome.result, next });
  },
});
