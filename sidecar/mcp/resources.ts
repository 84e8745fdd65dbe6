// The published datasets as MCP resources (their public URLs and MIME types), one review by URN through a template, and what a subscriber watches.
import { readFile } from "node:fs/promises";
import { reviewUrn } from "../../src/lib/feeds/items.ts";
import type { McpData } from "./data/snapshot.ts";
import { ProtocolError } from "@modelcontextprotocol/server";
import { invalidRequest, RPC } from "./rpc.ts";

// Larger datasets are refused over MCP (their URL serves them): a read holds the whole file several times over while it
// is sent, with no limit on how many run at once, and they would fill a model's context anyway.
const READ_MAX_BYTES = 2 ** 20;

const DATASETS = [
  {
    path: "/reviews.json",
    name: "reviews-dataset",
    title: "Reviews dataset",
    description:
      "Every verified review, newest first, with the business, its catalog and the aggregate rating (the whole data set).",
  },
  {
    path: "/insights.json",
    name: "insights-dataset",
    title: "Review insights",
    description:
      "Aspect-based sentiment, technicians/services/areas/problems, topics, monthly trends, FAQ and an editorial summary, computed from the reviews.",
  },
  {
    path: "/api/feed.json",
    name: "json-feed",
    title: "JSON Feed of the newest reviews",
    description: "JSON Feed 1.1 with the 50 newest reviews; also a WebSub topic.",
  },
] as const;

const mediaType = (contentType: string) => contentType.split(";")[0]!.trim();

export type ResourceEntry = {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  size: number;
};

export function listResources(data: McpData): ResourceEntry[] {
  return DATASETS.flatMap((d) => {
    const file = data.release.files.get(d.path);
    const entry = data.release.manifest.files[d.path];
    if (!file || !entry) return [];
    return [
      {
        uri: new URL(d.path, data.urls.home).href,
        name: d.name,
        title: d.title,
        description: d.description,
        mimeType: mediaType(entry.content_type),
        size: entry.bytes,
      },
    ];
  });
}

/** `urn:reviews:{business}:{id}`: the id the JSON and Atom feeds give each review. */
export function reviewTemplate(data: McpData) {
  return {
    uriTemplate: reviewUrn(data.business.id, "{id}"),
    name: "review",
    title: "One review",
    description:
      "One review as JSON, by its id (the URN the feeds use as the item id). Review ids come from search_reviews.",
    mimeType: "application/json",
  };
}

/** The review id a URN names, when it names one of this business's reviews. */
function reviewIdOf(uri: string, data: McpData): string | null {
  const prefix = reviewUrn(data.business.id, "");
  return uri.startsWith(prefix) && uri.length > prefix.length ? decodeURIComponent(uri.slice(prefix.length)) : null;
}

export async function readResource(uri: string, data: McpData) {
  const dataset = listResources(data).find((r) => r.uri === uri);
  if (dataset) {
    if (dataset.size > READ_MAX_BYTES) {
      throw invalidRequest(
        `${uri} is ${Math.ceil(dataset.size / 2 ** 20)} MB, more than MCP reads serve; download it over HTTP, or use search_reviews`,
      );
    }
    const file = data.release.files.get(new URL(uri).pathname)!;
    return { contents: [{ uri, mimeType: dataset.mimeType, text: await readFile(file.identity.file, "utf8") }] };
  }
  const id = reviewIdOf(uri, data);
  const review = id === null ? undefined : data.reviewById(id);
  if (review) return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(review) }] };
  throw notFound(uri);
}

export const notFound = (uri: string) =>
  new ProtocolError(
    RPC.resourceNotFound,
    `Resource not found: ${uri}. resources/list names the datasets; a review is urn:reviews:{business}:{id}`,
    { uri },
  );

/** A value that changes when the resource's content changes (for resources/updated), or null when it does not exist. */
export function resourceVersion(uri: string, data: McpData): string | null {
  const dataset = DATASETS.find((d) => new URL(d.path, data.urls.home).href === uri);
  if (dataset) return data.release.manifest.files[dataset.path]?.etag ?? null;
  const id = reviewIdOf(uri, data);
  const review = id === null ? undefined : data.reviewById(id);
  return review ? JSON.stringify(review) : null;
}
