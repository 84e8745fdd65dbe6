// get_review: one review by id, with its identifiers in the feeds.
import { z } from "zod";
import { reviewUrn } from "../../feeds/items.ts";
import { Review } from "../../schema/review.ts";
import { lookupArg } from "./args.ts";
import { defineTool, fail, ok } from "./tool.ts";

export const getReview = defineTool({
  name: "get_review",
  title: "Get one review",
  description: () =>
    "One review by id (from search_reviews or get_reviews_since), whole: rating, text, author, dates, verification, source, owner reply, mentions, sentiment, the aspects it judges with the evidence clause; and its URN in the feeds.",
  input: z.object({ id: lookupArg("a review id").meta({ description: "Review id" }) }).strict(),
  examples: (ex) => ({ id: ex.review ? [ex.review.id] : [] }),
  output: z
    .object({
      review: Review,
      urn: z.string().meta({
        description: "urn:reviews:{business}:{review}: the review's id in the feeds and its MCP resource URI",
      }),
    })
    .strict(),
  run: (args, data) => {
    const review = data.reviewById(args.id);
    if (!review)
      return fail(
        "id",
        `no review has id ${JSON.stringify(args.id)}; ids come from search_reviews or get_reviews_since${data.index.ids.at(0) === undefined ? "" : ` (e.g. ${JSON.stringify(data.index.ids.at(0))})`}`,
      );
    return ok({ review, urn: reviewUrn(data.business.id, review.id) });
  },
});
