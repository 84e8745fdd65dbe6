// get_business: who the reviews are about, the catalog reviews mention, the aggregate rating, and where the datasets are.
import { z } from "zod";
import { Business } from "../../schema/business.ts";
import { AggregateRating } from "../../schema/dataset.ts";
import { aggregateOf } from "../../reviews/aggregate.ts";
import { rated, sliceWhere } from "./slices.ts";
import { defineTool, ok } from "./tool.ts";

const Links = z
  .object({
    home: z.string(),
    reviews_dataset: z
      .string()
      .meta({ description: "/reviews.json: every review with the business and aggregate rating" }),
    insights_dataset: z
      .string()
      .meta({ description: "/insights.json: aspect sentiment, entities, topics, FAQ, summary" }),
    json_feed: z.string(),
    atom_feed: z.string(),
    openapi: z.string(),
  })
  .strict();

export const getBusiness = defineTool({
  name: "get_business",
  title: "Get the business",
  description: (ex) =>
    `${ex.business}, whose reviews these are: contact, address, hours, its technicians, services and service areas (the ids, names and aliases other tools accept), the aggregate rating and the dataset URLs. Call it first.`,
  input: z.object({}).strict(),
  output: z
    .object({
      business: Business,
      aggregate_rating: AggregateRating,
      updated_at: z.string().meta({ description: "Newest change in the data (RFC 3339 UTC)" }),
      links: Links,
    })
    .strict(),
  run: (_args, data) =>
    ok({
      business: data.business,
      // Computed from the reviews being searched, so it always agrees with search_reviews' totals.
      aggregate_rating: aggregateOf(rated(sliceWhere(data.index, {}))),
      updated_at: data.updatedAt,
      links: {
        home: data.urls.home,
        reviews_dataset: data.urls.reviews,
        insights_dataset: data.urls.insights,
        json_feed: data.urls.jsonFeed,
        atom_feed: data.urls.atomFeed,
        openapi: data.urls.openapi,
      },
    }),
});
