// get_insights: the published insights (aspect sentiment, entities, topics, trends, FAQ, editorial summary), whole or one section.
import { z } from "zod";
import { INSIGHT_SECTIONS } from "../insights-view.ts";
import { rule } from "./args.ts";
import { defineTool, ok, unavailable } from "./tool.ts";

export const getInsights = defineTool({
  name: "get_insights",
  title: "Get review insights",
  description:
    "What the reviews say, as computed at build time from all reviews (rule-based, no model): `summary` (editorial summary with the claims it rests on and a pull quote), `sentiment` (overall mix and average rating), `aspects` (punctuality, pricing, communication, ...: mentions, positive/neutral/negative shares, score, example reviews), `entities` (technicians, services, service areas, problems), `topics` (recurring phrases), `temporal` (monthly series and rating/sentiment trends) and `faq` (questions customers ask, answered from the reviews). Reviews in a language the engine does not read (it reads English) are counted in `coverage` and carry no aspects. Without `section` the whole document (tens of kilobytes); with it, that section plus the document's version, review count and coverage. For one aspect use get_aspect_sentiment; for one technician get_technician.",
  input: z
    .object({
      section: z
        .enum(INSIGHT_SECTIONS, { error: rule(`one of ${INSIGHT_SECTIONS.join(", ")}`) })
        .optional()
        .meta({ description: "One section only; omit for the whole document" }),
    })
    .strict(),
  // Loose on purpose: the document's inner shape belongs to the insights engine and may grow.
  output: z.object({}).catchall(z.unknown()).meta({
    description:
      "The /insights.json document, or its version, review_count, date_range, coverage and the one section asked for",
  }),
  run: (args, data) => {
    const doc = data.insights;
    if (!doc)
      return unavailable(`insights are not available for this release: ${data.insightsProblem ?? "unknown reason"}`);
    if (args.section === undefined) return ok({ ...doc });
    if (!(args.section in doc)) {
      const has = INSIGHT_SECTIONS.filter((s) => s in doc);
      return {
        ok: false,
        issues: [
          {
            path: ["section"],
            message: `this release's insights have no ${args.section} section; they have ${has.join(", ") || "none"}`,
          },
        ],
      };
    }
    const head: Record<string, unknown> = {};
    // Coverage goes with every section: a share means little without the reviews it could not read.
    for (const key of ["version", "review_count", "date_range", "coverage"]) if (key in doc) head[key] = doc[key];
    return ok({ ...head, [args.section]: doc[args.section] });
  },
});
