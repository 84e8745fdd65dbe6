// Path items of the sidecar's read API: search with its query parameters, and since/{date}.
import type { z } from "zod";
import { LIMIT_DEFAULT, LIMIT_MAX, SearchQueryParams, SincePathParams } from "../schema/search.ts";
import { SearchResult, SinceResult } from "../schema/search-results.ts";
import { conditionalParameters, ref, validatorHeaders } from "./http.ts";
import { type JsonObject, parameterSchema, type SchemaRefs } from "./json-schema.ts";

/** One Parameter Object per member of a zod object of parameters, in declaration order. */
function parametersOf(shape: Record<string, z.ZodType>, where: "query" | "path"): JsonObject[] {
  return Object.entries(shape).map(([name, schema]) => {
    const { schema: json, description } = parameterSchema(schema);
    const required = where === "path" || !schema.safeParse(undefined).success;
    return { name, in: where, required, ...(description ? { description } : {}), schema: json };
  });
}

const SEARCH_DESCRIPTION = `The HTTP twin of the MCP tool \`search_reviews\`, over the records of /reviews.json (same fields, same ids).

- Every filter is optional; all given filters combine with AND; no filter matches every review.
- \`rating\` is exact, \`min_rating\` inclusive; both may be given. \`since\` and \`until\` are inclusive; \`since\` after \`until\` is a 400.
- Results are ordered newest first: date descending, then id descending (plain string comparison).
- \`limit\` (1-${LIMIT_MAX}, default ${LIMIT_DEFAULT}) caps one page; \`total\` counts every match. To page, pass \`next_cursor\` back as \`cursor\`; it is null on the last page.
- \`filters\` in the answer echoes every filter as understood; technician and service filters show what they resolved to.
- A review mentions a technician, service or service area when its title or text holds the entry's name or an alias, or a technician's first name that no other technician shares and that is not a common word, as whole words, case and accents aside. \`mentions_technician\` and \`mentions_service\` accept those names and the entry's id; one that names no entry is a 400 listing the known ones, never an empty page.
- Any unknown, repeated, out-of-range or malformed parameter gives a 400 with one issue per problem, each naming its parameter.`;

const SINCE_DESCRIPTION = `Every review dated on or after \`date\` (inclusive; dates are in the business's time zone), with no limit, oldest first (date ascending, then id ascending) so an incremental consumer can process them in order. A future date gives 200 with an empty array; a malformed or impossible date gives 400.

Conditional GET: the ETag is a content hash of the body; Last-Modified is the newest review date in the result (the dataset's when it is empty). If-None-Match takes precedence over If-Modified-Since.`;

export function searchPaths(refs: SchemaRefs): JsonObject {
  const cors = { "Access-Control-Allow-Origin": ref.header("CorsAllowOrigin") };
  return {
    "/api/reviews/search": {
      get: {
        tags: ["Search"],
        summary: "Search reviews by rating, date, text and mentions",
        description: SEARCH_DESCRIPTION,
        operationId: "searchReviews",
        parameters: parametersOf(SearchQueryParams.shape, "query"),
        responses: {
          "200": {
            description: "One page of matching reviews",
            headers: { "Cache-Control": ref.header("CacheControl"), ...cors },
            content: { "application/json": { schema: refs.ref(SearchResult) } },
          },
          "400": ref.response("ValidationFailed"),
          "405": ref.response("MethodNotAllowed"),
        },
      },
    },
    "/api/reviews/since/{date}": {
      get: {
        tags: ["Search"],
        summary: "List every review dated on or after a date, oldest first",
        description: SINCE_DESCRIPTION,
        operationId: "getReviewsSince",
        parameters: [...parametersOf(SincePathParams.shape, "path"), ...conditionalParameters],
        responses: {
          "200": {
            description: "The reviews dated on or after `date`",
            headers: validatorHeaders(cors),
            content: { "application/json": { schema: refs.ref(SinceResult) } },
          },
          "304": ref.response("NotModified"),
          "400": ref.response("ValidationFailed"),
          "405": ref.response("MethodNotAllowed"),
        },
      },
    },
  };
}
