// get_insights: the published insights (aspect sentiment, entities, topics, trends, FAQ, editorial summary): an overview
// that names the sections, or one section.
import { z } from "zod";
import { insightsOverview } from "../insights-overview.ts";
import { INSIGHT_SECTIONS } from "../insights-view.ts";
import { rule } from "./args.ts";
import { defineTool, fail, ok, unavailable } from "./tool.ts";

export const getInsights = defineTool({
  name: "get_insights",
  title: "Get review insights",
  description: (ex) =>
    `What the reviews of ${ex.business} say, computed at build time from all of them (rules and a small trained classifier, offline; English is read, other languages are counted in \`coverage\`). Without \`section\`: an overview (headline figures, the summary, and per section what it holds, its size and a few names); with it, that section whole. One aspect: get_aspect_sentiment; one technician: get_technician.`,
  input: z
    .object({
      section: z
        .enum(INSIGHT_SECTIONS, { error: rule(`one of ${INSIGHT_SECTIONS.join(", ")}`) })
        .optional()
        .meta({ description: "The section to return; omit for the overview" }),
    })
    .strict(),
  // Loose on purpose: the document's inner shape belongs to the insights engine and may grow.
  output: z.object({}).catchall(z.unknown()).meta({
    description:
      "The overview (sections, next), or the version, review_count, date_range, coverage and the section asked for",
  }),
  run: (args, data) => {
    const doc = data.insights;
    if (!doc)
      return unavailable(`insights are not available for this release: ${data.insightsProblem ?? "unknown reason"}`);
    if (args.section === undefined) return ok(insightsOverview(doc));
    if (!(args.section in doc)) {
      const has = INSIGHT_SECTIONS.filter((s) => s in doc);
      return fail(
        "section",
        `this release's insights have no ${args.section} section; they have ${has.join(", ") || "none"}`,
      );
    }
    const head: Record<string, unknown> = {};
    // Coverage goes with every section: a share means little without the reviews it could not read.
    for (const key of ["version", "review_count", "date_range", "coverage"]) if (key in doc) head[key] = doc[key];
    return ok({ ...head, [args.section]: doc[args.section] });
  },
});
