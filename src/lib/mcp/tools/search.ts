// search_reviews: the HTTP search's parameters as typed JSON arguments, checked by the same rules and answered by the one
// search implementation.
import { z } from "zod";
import { AspectPolarity, SentimentLabel } from "../../schema/insights.ts";
import { LIMIT_DEFAULT, LIMIT_MAX, parseSearchValues, SearchQueryParams } from "../../schema/search.ts";
import { SearchResult } from "../../schema/search-results.ts";
import { searchReviews } from "../../search/search-reviews.ts";
import { dateArg, intArg, numberArg, rule } from "./args.ts";
import { defineTool, ok } from "./tool.ts";

/** The HTTP parameter's own description, so both interfaces document one meaning. */
const describe = (key: keyof typeof SearchQueryParams.shape) => SearchQueryParams.shape[key].description ?? "";
const text = (key: keyof typeof SearchQueryParams.shape) =>
  z
    .string({ error: rule("a string") })
    .optional()
    .meta({ description: describe(key) });
const oneOf = <T extends string>(values: readonly T[], key: keyof typeof SearchQueryParams.shape) =>
  z
    .enum(values as [T, ...T[]], { error: rule(`one of ${values.join(", ")}`) })
    .optional()
    .meta({ description: describe(key) });

/**
 * Types as JSON gives them (numbers as numbers); every other rule (lengths after normalisation, since <= until,
 * filters that need each other, cursors) is the HTTP parser's, applied to the same values.
 */
export const SearchArgs = z
  .object({
    rating: intArg(1, 5)
      .optional()
      .meta({ description: describe("rating") }),
    min_rating: numberArg(1, 5)
      .optional()
      .meta({ description: describe("min_rating") }),
    since: dateArg()
      .optional()
      .meta({ description: describe("since") }),
    until: dateArg()
      .optional()
      .meta({ description: describe("until") }),
    query: text("query"),
    mentions_technician: text("mentions_technician"),
    mentions_service: text("mentions_service"),
    aspect: text("aspect"),
    aspect_sentiment: oneOf(AspectPolarity.options, "aspect_sentiment"),
    sentiment: oneOf(SentimentLabel.options, "sentiment"),
    limit: intArg(1, LIMIT_MAX)
      .default(LIMIT_DEFAULT)
      .meta({ description: `${describe("limit")} (1 to ${LIMIT_MAX}, default ${LIMIT_DEFAULT})` }),
    cursor: z
      .string({ error: rule("the next_cursor of a previous page") })
      .optional()
      .meta({ description: describe("cursor") }),
  })
  .strict();

export const searchReviewsTool = defineTool({
  name: "search_reviews",
  title: "Search reviews",
  description:
    "Finds reviews by star rating, date range, text, the technicians or services they mention, the aspects they judge and their overall sentiment; filters combine with AND. Results are full review records, newest first (date descending, then id descending), `limit` per page (default 20, at most 100), with `total` matches. To page, call again with `cursor` set to the previous `next_cursor` (the cursor carries the filters; it is null on the last page). The twin of GET /api/reviews/search: the same arguments give the same reviews in the same order. Technician and service filters accept an id, name or alias from get_business, or a technician's unique first name, case and accents aside; one that names nobody is an error listing the known names.",
  input: SearchArgs,
  output: SearchResult,
  run: (args, data) => {
    const parsed = parseSearchValues(args);
    if (!parsed.ok) return { ok: false, issues: parsed.issues.map((i) => ({ path: i.path, message: i.message })) };
    const outcome = searchReviews(data.index, parsed.value);
    return outcome.ok
      ? ok(outcome.result)
      : { ok: false, issues: outcome.issues.map((i) => ({ path: i.path, message: i.message })) };
  },
});
