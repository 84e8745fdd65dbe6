// Path items of the sidecar's read API: search with its query parameters, since/{date}, and the change feed.
import type { z } from "zod";
import { LIMIT_DEFAULT, LIMIT_MAX, SearchQueryParams, SincePathParams } from "../schema/search.ts";
import { SearchResult, SinceResult } from "../schema/search-results.ts";
import { ChangesQueryParams, ChangesResult } from "../schema/changes.ts";
import { ApiError, ValidationError } from "../schema/errors.ts";
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
- \`rating\` is exact, \`min_rating\` and \`max_rating\` inclusive (\`max_rating=2\`: the negative reviews); all may be given, \`min_rating\` above \`max_rating\` is a 400. \`since\` and \`until\` are inclusive; \`since\` after \`until\` is a 400.
- Results are ordered newest first: date descending, then id descending (plain string comparison).
- \`limit\` (1-${LIMIT_MAX}, default ${LIMIT_DEFAULT}) caps one page; \`total\` counts every match. To page, pass \`next_cursor\` back as \`cursor\`; it is null on the last page.
- \`filters\` in the answer echoes every filter as understood; technician and service filters show what they resolved to.
- A review mentions a technician, service or service area when its title or text holds the entry's name or an alias, or a technician's first name that no other technician shares and that is not a common word, as whole words, case and accents aside. \`mentions_technician\` and \`mentions_service\` accept those names and the entry's id; one that names no entry is a 400 listing the known ones, never an empty page.
- Any unknown, repeated, out-of-range or malformed parameter gives a 400 with one issue per problem, each naming its parameter.`;

const SINCE_DESCRIPTION = `Every review dated on or after \`date\` (inclusive; dates are in the business's time zone), with no limit, oldest first (date ascending, then id ascending) so an incremental consumer can process them in order. A future date gives 200 with an empty array; a malformed or impossible date gives 400.

Conditional GET: the ETag is a content hash of the body; Last-Modified is the newest review date in the result (the dataset's when it is empty). If-None-Match takes precedence over If-Modified-Since.`;

const CHANGES_DESCRIPTION = `What changed in /reviews.json after a cursor, to keep a copy right: reviews added or changed (an edit, a new or changed owner reply) as \`upsert\` with the full review, and reviews no longer published as \`removed\` tombstones with their id.

- Oldest change first. A review appears once, at its newest change; apply the changes in order.
- Without \`after\`, the feed starts from the beginning: every published review (and the removals the log remembers). Then pass \`next_cursor\` back as \`after\` while \`has_more\` is true; keep the last \`next_cursor\` to poll later (it is always present).
- Unlike \`since/{date}\`, which selects by the reviews' own dates, the feed orders changes by when a rebuild published them: a review imported today with last month's date still comes after your cursor.
- \`limit\` is 1-${LIMIT_MAX}, default ${LIMIT_DEFAULT}.
- A cursor of another history (the log was started again) is a 400 with the issue code \`stale_cursor\`, one not issued here \`invalid_cursor\`: drop your copy's cursor and sync again from the start, without \`after\`.

Conditional GET: the ETag is a content hash of the body; Last-Modified is the newest change's time.`;

/** A whole review, as /reviews.json publishes it: the example must validate against the schema it illustrates. */
const EXAMPLE_REVIEW = {
  id: "r-000421",
  date: "2025-02-27",
  published_at: "2025-02-27T16:40:00Z",
  updated_at: null,
  rating: 5,
  title: "Water heater replaced the same day",
  text: "Called in the morning, Maria had the new water heater in by four and hauled the old one away.",
  language: "en",
  author: { name: "Dana R.", avatar_url: null },
  experience_date: "2025-02-26",
  verified: { method: "invoice", verified_at: "2025-02-27T16:45:00Z" },
  source: { platform: "google", url: null },
  owner_reply: {
    text: "Thank you, Dana! Maria will be glad to hear it.",
    published_at: "2025-03-01T10:00:00Z",
    date: "2025-03-01",
  },
  mentions: { technicians: ["maria"], services: ["water-heater-replacement"], service_areas: [] },
  analysis_status: "analysed",
  sentiment: { label: "positive", score: 0.94 },
  aspects: [{ aspect: "speed", sentiment: "positive", evidence: "had the new water heater in by four" }],
};

const CHANGES_EXAMPLE = {
  changes: [
    { type: "upsert", changed_at: "2025-03-02T09:00:00Z", review: EXAMPLE_REVIEW },
    { type: "removed", id: "r-000117", removed_at: "2025-03-02T09:00:00Z" },
  ],
  next_cursor: "eyJ2IjoxLCJoIjoiM2Y5YTFjMmQ0ZTViNmM3ZCIsInEiOjYwMn0",
  has_more: false,
};

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
    "/api/reviews/changes": {
      get: {
        tags: ["Search"],
        summary: "List reviews added, changed and removed after a cursor, oldest change first",
        description: CHANGES_DESCRIPTION,
        operationId: "getReviewChanges",
        parameters: [...parametersOf(ChangesQueryParams.shape, "query"), ...conditionalParameters],
        responses: {
          "200": {
            description: "The changes after the cursor, and the cursor to continue from",
            headers: validatorHeaders(cors),
            content: { "application/json": { schema: refs.ref(ChangesResult), example: CHANGES_EXAMPLE } },
          },
          "304": ref.response("NotModified"),
          "400": {
            description: "Invalid parameters, or a cursor to give up: sync again from the start without `after`",
            content: {
              "application/json": {
                schema: refs.ref(ValidationError),
                example: {
                  issues: [
                    {
                      code: "stale_cursor",
                      path: ["after"],
                      message:
                        "the cursor belongs to another history of changes (the log was started again); sync again from the start: call without `after` and replace your copy with what comes",
                    },
                  ],
                },
              },
            },
          },
          "405": ref.response("MethodNotAllowed"),
          "503": {
            description: "This release has no usable change log (built by an older version); try again later",
            content: { "application/json": { schema: refs.ref(ApiError) } },
          },
        },
      },
    },
  };
}
