// What this server says about itself in initialize, and the protocol versions it negotiates.

/** Versions offered in initialize. Older ones allowed JSON-RPC batches, which this server refuses. */
export const NEGOTIATED_VERSIONS: readonly string[] = ["2025-11-25", "2025-06-18"];
export const LATEST_VERSION = NEGOTIATED_VERSIONS[0]!;

export const SERVER_INFO = Object.freeze({
  name: "reviews-service",
  title: "Verified customer reviews",
  version: "1.0.0",
});

export const SERVER_INSTRUCTIONS =
  "Read-only access to one business's verified customer reviews. Start with get_business (the business, its technicians and services, the aggregate rating). search_reviews finds reviews by rating, dates, text and mentions, newest first, paged with next_cursor. get_insights, get_aspect_sentiment and get_technician answer what customers say about aspects and people; get_rating_summary gives distributions and monthly counts. Cite review ids when you quote reviews.";

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
