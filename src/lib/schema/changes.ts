// The change feed endpoint: its query parameters as they arrive (strings), their parsing, and the answer's shape.
import { z } from "zod";
import { Timestamp } from "./common.ts";
import { toValidationIssues } from "./errors.ts";
import { Review, ReviewId } from "./review.ts";
import { cursorParam, LIMIT_DEFAULT, LIMIT_MAX, numberParam, type ParseResult, singleValues } from "./search.ts";

const AFTER_DESCRIPTION =
  "Opaque: the `next_cursor` of an earlier answer. Without it the feed starts from the beginning: every review there is (and every removal the log remembers). A cursor of another history (the log was started again) or not issued by this service is a 400 whose issue says to sync again from the start.";

/** Query parameters of `GET /api/reviews/changes`. Unknown and repeated parameters are refused. */
export const ChangesQueryParams = z
  .object({
    after: cursorParam("an earlier answer").optional().meta({ description: AFTER_DESCRIPTION }),
    limit: numberParam("integer", 1, LIMIT_MAX)
      .default(LIMIT_DEFAULT)
      .meta({ description: "Maximum number of changes returned" }),
  })
  .strict();

export type ChangesQuery = z.output<typeof ChangesQueryParams>;

export function parseChangesQuery(params: URLSearchParams): ParseResult<ChangesQuery> {
  const { values, issues } = singleValues(params, ChangesQueryParams.shape);
  const result = ChangesQueryParams.safeParse(values);
  if (!result.success) issues.push(...toValidationIssues(result.error.issues));
  return issues.length > 0 || !result.success ? { ok: false, issues } : { ok: true, value: result.data };
}

const UpsertChange = z
  .object({
    type: z.literal("upsert"),
    changed_at: Timestamp.meta({
      description:
        "When the build that published this version saw the change (for the reviews a new history starts with: their own last change)",
    }),
    review: Review.meta({ description: "The review as /reviews.json publishes it now" }),
  })
  .strict()
  .meta({ id: "ReviewUpsert", description: "A review added or changed (edited, or its owner reply added or changed)" });

const RemovedChange = z
  .object({
    type: z.literal("removed"),
    id: ReviewId.meta({ description: "The id of the review no longer published" }),
    removed_at: Timestamp.meta({ description: "When the build that no longer published it ran" }),
  })
  .strict()
  .meta({ id: "ReviewRemoved", description: "A tombstone: the review is no longer published; delete your copy" });

export const ChangesResult = z
  .object({
    changes: z
      .array(z.discriminatedUnion("type", [UpsertChange, RemovedChange]))
      .meta({ description: "Oldest change first; a review appears once, at its newest change" }),
    next_cursor: z.string().meta({
      description: "Pass it back as `after` for the changes that come next; always present, also to poll later",
    }),
    has_more: z.boolean().meta({ description: "Whether more changes follow now (then ask again at once)" }),
  })
  .strict()
  .meta({
    id: "ChangesResult",
    description: "Reviews added, changed and removed after a cursor, to keep a copy of the dataset right",
  });

export type ChangesResult = z.output<typeof ChangesResult>;
