// The technicians and services of the catalog with what their reviews say: list_technicians, list_services and get_technician.
import { z } from "zod";
import { Technician } from "../../schema/business.ts";
import { entitiesOf, findByIdOrLabel, isEntry, num, text } from "../insights-view.ts";
import { notInCatalog } from "../../reviews/catalog-terms.ts";
import type { Snapshot } from "../snapshot.ts";
import { lookupArg } from "./args.ts";
import { digest, newest, pageUrl, RatingStats, ratingStats, ReviewDigest, sliceWhere } from "./slices.ts";
import { some } from "./examples.ts";
import { defineTool, fail, nextHint, ok } from "./tool.ts";

type Kind = "technicians" | "services";

const Summary = z
  .object({
    id: z.string(),
    name: z.string(),
    review_count: z.int().min(0).meta({ description: "Reviews that mention it" }),
    average_rating: z.number().nullable().meta({ description: "Mean star rating of those reviews; null without any" }),
    sentiment_score: z
      .number()
      .nullable()
      .meta({ description: "Mean sentiment of those reviews from -1 to 1 (insights); null when unknown" }),
    top_aspects: z.array(z.string()).meta({ description: "Aspect ids most often judged in those reviews (insights)" }),
    page_url: z.string().nullable(),
  })
  .strict();

const RECENT = 5;

function slice(data: Snapshot, kind: Kind, id: string) {
  const filter = { input: id, resolved: id };
  return sliceWhere(
    data.index,
    kind === "technicians" ? { mentions_technician: filter } : { mentions_service: filter },
  );
}

function insightOf(data: Snapshot, kind: Kind, id: string) {
  return entitiesOf(data.insights, kind).find((e) => e["id"] === id) ?? null;
}

function summary(data: Snapshot, kind: Kind, entry: { id: string; name: string }) {
  const stats = ratingStats(slice(data, kind, entry.id));
  const insight = insightOf(data, kind, entry.id);
  const sentiment = insight?.["sentiment"];
  const top = Array.isArray(insight?.["top_aspects"]) ? (insight["top_aspects"] as unknown[]) : [];
  return {
    id: entry.id,
    name: entry.name,
    review_count: stats.count,
    average_rating: stats.average,
    sentiment_score: isEntry(sentiment) ? num(sentiment["score"]) : null,
    top_aspects: top.flatMap((a) => (isEntry(a) && text(a["aspect"]) ? [text(a["aspect"])!] : [])),
    page_url: pageUrl(data, `/${kind}/${entry.id}/`),
  };
}

const byMostReviewed = (a: { review_count: number; id: string }, b: { review_count: number; id: string }) =>
  b.review_count - a.review_count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const listTechnicians = defineTool({
  name: "list_technicians",
  title: "List technicians",
  description: (ex) =>
    `All ${ex.technicians.length} technicians of ${ex.business} (${some(ex.technicians.map((t) => t.name))}) in one answer, most reviewed first: reviews mentioning each, average rating, mean sentiment, aspects most often judged. get_technician gives one in depth.`,
  input: z.object({}).strict(),
  output: z.object({ technicians: z.array(Summary.extend({ role: z.string().nullable() }).strict()) }).strict(),
  run: (_args, data) =>
    ok({
      technicians: data.business.technicians
        .map((t) => ({ ...summary(data, "technicians", t), role: t.role ?? null }))
        .sort(byMostReviewed),
    }),
});

export const listServices = defineTool({
  name: "list_services",
  title: "List services",
  description: (ex) =>
    `All ${ex.services.length} services of ${ex.business} (${some(ex.services.map((s) => s.name))}) in one answer, most reviewed first: description, aliases customers use, review count, average rating, mean sentiment, aspects most often judged.`,
  input: z.object({}).strict(),
  output: z
    .object({
      services: z.array(Summary.extend({ description: z.string().nullable(), aliases: z.array(z.string()) }).strict()),
    })
    .strict(),
  run: (_args, data) =>
    ok({
      services: data.business.services
        .map((s) => ({
          ...summary(data, "services", s),
          description: s.description ?? null,
          aliases: [...(s.aliases ?? [])],
        }))
        .sort(byMostReviewed),
    }),
});

export const getTechnician = defineTool({
  name: "get_technician",
  title: "Get one technician",
  description: () =>
    `One technician: catalog entry, rating statistics of the reviews mentioning them, what the insights say (sentiment, aspects most often judged) and their ${RECENT} newest reviews in short form.`,
  input: z
    .object({
      technician: lookupArg("a technician's id, name or alias").meta({
        description: "Id, name, alias or a first name no other technician shares",
      }),
    })
    .strict(),
  examples: (ex) => ({ technician: ex.technicians.slice(0, 2).map((t) => t.name) }),
  output: z
    .object({
      technician: Technician,
      stats: RatingStats,
      insights: z.object({}).catchall(z.unknown()).nullable().meta({
        description:
          "The technician's entry of /insights.json entities.technicians (sentiment, top_aspects, ...); null when absent",
      }),
      recent_reviews: z.array(ReviewDigest).meta({ description: "Their newest reviews, newest first" }),
      page_url: z.string().nullable(),
      next: z.string().nullable().meta({ description: "How to get all their reviews; null when these are all" }),
    })
    .strict(),
  run: (args, data) => {
    const id = data.index.resolveTechnician(args.technician);
    const entry = data.business.technicians.find((t) => t.id === id) ?? findLoose(data, args.technician);
    if (!entry) {
      return fail("technician", notInCatalog("technician", args.technician, data.business.technicians));
    }
    const reviews = slice(data, "technicians", entry.id);
    const more = reviews.positions.length > RECENT;
    return ok({
      technician: entry,
      stats: ratingStats(reviews),
      insights: insightOf(data, "technicians", entry.id),
      recent_reviews: newest(reviews, RECENT).map(digest),
      page_url: pageUrl(data, `/technicians/${entry.id}/`),
      next: more ? nextHint("search_reviews", `mentions_technician ${entry.id} for all their reviews`) : null,
    });
  },
});

/** Accepts "rosa delgado" for "rosa-delgado" and similar spellings the catalog resolver does not know. */
function findLoose(data: Snapshot, input: string) {
  const hit = findByIdOrLabel(
    data.business.technicians.map((t) => ({ id: t.id, name: t.name })),
    input,
  );
  return hit ? data.business.technicians.find((t) => t.id === hit["id"]) : undefined;
}
