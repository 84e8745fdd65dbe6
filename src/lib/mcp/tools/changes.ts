// get_review_changes: reviews added, changed and removed after a cursor, oldest change first, to keep a copy right.
import { z } from "zod";
import { changesPage } from "../../changes/page.ts";
import { ChangesResult } from "../../schema/changes.ts";
import { CURSOR_MAX_LENGTH, LIMIT_DEFAULT, LIMIT_MAX } from "../../schema/search.ts";
import { intArg, rule } from "./args.ts";
import { defineTool, fail, nextHint, ok, unavailable } from "./tool.ts";

export const getReviewChanges = defineTool({
  name: "get_review_changes",
  title: "Get review changes",
  description: () =>
    "Reviews added or changed (`upsert`, with the review) and removed (`removed`, with the id) after `after`, oldest change first, as GET /api/reviews/changes; without `after`, from the start. More: call again with `after` set to `next_cursor` while `has_more`; keep it to poll later.",
  input: z
    .object({
      after: z
        .string({ error: rule("the next_cursor of an earlier call") })
        .max(CURSOR_MAX_LENGTH, { error: "expected the next_cursor of an earlier call" })
        .optional()
        .meta({ description: "next_cursor of an earlier call; omit to start from the beginning" }),
      limit: intArg(1, LIMIT_MAX).default(LIMIT_DEFAULT).meta({ description: "Changes per page" }),
    })
    .strict(),
  output: ChangesResult.extend({
    next: z.string().meta({ description: "How to get the changes that follow" }),
  }),
  run: (args, data) => {
    if (!data.changes)
      return unavailable(
        `the change feed is not available for this release: ${data.changesProblem ?? "unknown reason"}`,
      );
    const page = changesPage(data.changes, args.after, args.limit);
    if (!page.ok) return fail("after", page.issues[0]!.message);
    const result = JSON.parse(page.json) as Record<string, unknown>;
    const next = result["has_more"]
      ? nextHint("get_review_changes", "after set to next_cursor")
      : `nothing more now; later, ${nextHint("get_review_changes", "after set to next_cursor")}`;
    return ok({ ...result, next });
  },
});
