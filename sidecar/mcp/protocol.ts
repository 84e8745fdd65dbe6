// What this server says about itself (initialize, server/discover, the server card), the protocol versions of both
// generations it serves, and how long a client may cache what it lists and reads.

/** The sessionless revision: per-request `_meta`, no initialize. */
const MODERN_VERSION = "2026-07-28";

/**
 * Negotiated in initialize, newest first: a client asking for one of these is answered with it, as clients of 2025-03-26
 * and 2024-11-05 (which disconnect when answered a newer one) expect; any other request is answered the latest.
 */
const NEGOTIATED_VERSIONS: readonly string[] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/**
 * The revisions whose sessions may POST a JSON-RPC batch: 2025-03-26 requires servers to receive them, 2025-06-18
 * removed them; 2024-11-05 never named them. The SDK's transport answers a batch's messages together.
 */
export const BATCH_VERSIONS: ReadonlySet<string> = new Set(["2025-03-26"]);
const LATEST_VERSION = NEGOTIATED_VERSIONS[0]!;

/** Every revision /mcp serves, as server/discover and the server card name them. */
export const SUPPORTED_VERSIONS: readonly string[] = [MODERN_VERSION, ...NEGOTIATED_VERSIONS];

export const SERVER_INFO = Object.freeze({
  name: "reviews-service",
  title: "Verified customer reviews",
  version: "1.0.0",
});

/** One sentence for the server card, which a client reads before it connects (the card allows 100 characters). */
export const SERVER_DESCRIPTION =
  "One business's verified customer reviews: search, ratings, insights, technicians, services.";

export const SERVER_INSTRUCTIONS =
  "Read-only access to one business's verified customer reviews. Start with get_business (the business, its technicians and services, the aggregate rating). search_reviews finds reviews by rating, dates, text and mentions, newest first, paged with next_cursor. get_insights, get_aspect_sentiment and get_technician answer what customers say about aspects and people; get_rating_summary gives distributions and monthly counts. Cite review ids when you quote reviews.";

/**
 * The data is public and changes only when a new release is published; a cached list or read is allowed the same age
 * as the release's data files (`max-age=300` on /reviews.json), so an MCP client is never staler than a CDN copy.
 */
export const CACHE_HINT = Object.freeze({ ttlMs: 300_000, cacheScope: "public" as const });

/**
 * An initialize request asking for a version this server does not negotiate is answered with the latest one
 * (the client then decides whether it can speak it), as the lifecycle rules say.
 */
export function negotiate(message: Record<string, unknown>): Record<string, unknown> {
  const params = message["params"];
  if (message["method"] !== "initialize" || !params || typeof params !== "object") return message;
  const requested = (params as Record<string, unknown>)["protocolVersion"];
  if (typeof requested !== "string" || NEGOTIATED_VERSIONS.includes(requested)) return message;
  return { ...message, params: { ...params, protocolVersion: LATEST_VERSION } };
}
