// get_aspect_sentiment: what reviews say about one aspect (punctuality, pricing, ...): its figures from the insights and example evidence.
import { z } from "zod";
import { aspectsOf, exampleIds, findByIdOrLabel, text } from "../insights-view.ts";
import { lookupArg } from "./args.ts";
import { pageUrl } from "./slices.ts";
import { some } from "./examples.ts";
import { defineTool, fail, listing, nextHint, ok, unavailable } from "./tool.ts";

const Example = z
  .object({
    review_id: z.string(),
    polarity: z
      .string()
      .nullable()
      .meta({ description: "How the review judges the aspect: positive, neutral or negative" }),
    date: z.string(),
    rating: z.int().min(1).max(5),
    evidence: z.string().nullable().meta({ description: "The clause of the review's text that carries the judgement" }),
  })
  .strict();

export const getAspectSentiment = defineTool({
  name: "get_aspect_sentiment",
  title: "Sentiment about one aspect",
  description: (ex) =>
    `How customers judge one aspect of the service${ex.aspects.length ? ` (${some(ex.aspects, 12)})` : ""}: reviews mentioning it, positive/neutral/negative counts and shares, a score from -1 to 1, their average rating, the cue phrases, and example reviews with the clause that carries the judgement.`,
  input: z.object({ aspect: lookupArg("an aspect id or label").meta({ description: "Aspect id or label" }) }).strict(),
  examples: (ex) => ({ aspect: ex.aspects.slice(0, 3) }),
  output: z
    .object({
      aspect: z
        .object({ id: z.string() })
        .catchall(z.unknown())
        .meta({ description: "The aspect's entry of /insights.json aspects" }),
      examples: z.array(Example),
      page_url: z.string().nullable().meta({ description: "The aspect's page on the site, when there is one" }),
      next: z.string().meta({ description: "How to get every review that judges the aspect" }),
    })
    .strict(),
  run: (args, data) => {
    if (!data.insights)
      return unavailable(
        `aspect sentiment is not available for this release: ${data.insightsProblem ?? "unknown reason"}`,
      );
    const aspects = aspectsOf(data.insights);
    const aspect = findByIdOrLabel(aspects, args.aspect);
    if (!aspect) {
      const known = aspects.map((a) => text(a["id"])!);
      return fail(
        "aspect",
        `no aspect is called ${JSON.stringify(args.aspect)}; known aspects: ${listing(known) || "none"}`,
      );
    }
    const id = text(aspect["id"])!;
    const examples = exampleIds(aspect).flatMap(({ id: reviewId, polarity }) => {
      const review = data.reviewById(reviewId);
      if (!review) return [];
      const judged = review.aspects?.find((a) => a.aspect === id);
      return [
        {
          review_id: review.id,
          polarity: judged?.sentiment ?? polarity,
          date: review.date,
          rating: review.rating,
          evidence: judged?.evidence ?? null,
        },
      ];
    });
    return ok({
      aspect: { ...aspect, id },
      examples,
      page_url: pageUrl(data, `/aspects/${id}/`),
      next: nextHint("search_reviews", `aspect ${id} (and aspect_sentiment) for all of them`),
    });
  },
});
