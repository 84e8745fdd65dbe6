// Path items of the files the build publishes: the two datasets, the two feeds and this document.
import { ReviewsDataset } from "../schema/dataset.ts";
import { Insights } from "../schema/insights.ts";
import { JsonFeed } from "../schema/json-feed.ts";
import { conditionalParameters, ref, validatorHeaders } from "./http.ts";
import type { JsonObject, SchemaRefs } from "./json-schema.ts";

type StaticFile = {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  mediaType: string;
  schema: JsonObject;
  /** A WebSub topic: responses carry the hub and self links. */
  topic: boolean;
};

function staticGet(file: StaticFile): JsonObject {
  const headers = validatorHeaders(file.topic ? { Link: ref.header("TopicLink") } : {});
  return {
    get: {
      tags: [file.tag],
      summary: file.summary,
      description: `${file.description}\n\nA static file, rebuilt only when the data changes: HEAD is answered too, and a conditional GET costs nothing.`,
      operationId: file.operationId,
      parameters: conditionalParameters,
      responses: {
        "200": { description: "The current file", headers, content: { [file.mediaType]: { schema: file.schema } } },
        "304": ref.response("NotModified"),
        "405": ref.response("MethodNotAllowed"),
      },
    },
  };
}

export function staticPaths(refs: SchemaRefs): JsonObject {
  return {
    "/reviews.json": staticGet({
      operationId: "getReviewsDataset",
      tag: "Datasets",
      summary: "Get every review with the business and its aggregate rating",
      description:
        "The full dataset: business metadata with its catalog (technicians, services, service areas with aliases, which search filters resolve against), the aggregate rating, and every verified review, newest first (date descending, then id descending). A WebSub topic.",
      mediaType: "application/json",
      schema: refs.ref(ReviewsDataset),
      topic: true,
    }),
    "/insights.json": staticGet({
      operationId: "getInsights",
      tag: "Datasets",
      summary: "Get what the reviews say: aspects, entities, topics, FAQ and summary",
      description:
        "Aspect-based sentiment, the technicians, services and service areas reviews mention, topics, an FAQ and an editorial summary, computed at build time from /reviews.json.",
      mediaType: "application/json",
      schema: refs.ref(Insights),
      topic: false,
    }),
    "/api/feed.json": staticGet({
      operationId: "getJsonFeed",
      tag: "Feeds",
      summary: "Get the JSON Feed 1.1 of the 50 newest reviews",
      description:
        "JSON Feed version 1.1 (https://jsonfeed.org/version/1.1) holding the 50 newest reviews, newest first, with the review fields in the `_review` extension of each item. Its `hubs` names the WebSub hub. A WebSub topic.",
      mediaType: "application/json",
      schema: refs.ref(JsonFeed),
      topic: true,
    }),
    "/feed.xml": staticGet({
      operationId: "getAtomFeed",
      tag: "Feeds",
      summary: "Get the Atom feed of the newest reviews",
      description:
        'Atom 1.0 (RFC 4287) feed of the newest reviews, with `rel="self"` and `rel="hub"` links. A WebSub topic.',
      mediaType: "application/atom+xml",
      schema: { type: "string", description: "An Atom 1.0 feed document" },
      topic: true,
    }),
    "/.well-known/openapi.json": staticGet({
      operationId: "getOpenApiDocument",
      tag: "Discovery",
      summary: "Get this OpenAPI 3.1 description of the service",
      description: "This document: OpenAPI 3.1.0, API version 1.0.0.",
      mediaType: "application/json",
      schema: { type: "object", description: "An OpenAPI 3.1.0 document (https://spec.openapis.org/oas/v3.1.0)" },
      topic: false,
    }),
  };
}
