// GET /api/reviews/search's answers: a pure function of (release, query string, accepted codings), so each is made
// once, kept in the read API's response cache, and sent again from there.
import { parseSearchQuery } from "../../src/lib/schema/search.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import type { Lru } from "../http/lru.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import { acceptedCodings, chooseCoding, issuesJson, type Rendered, renderJson } from "./json-response.ts";

/** Longer query strings are answered but not kept. */
const MAX_CACHED_QUERY = 1024;

export type SearchAnswers = Readonly<{
  /** The answer already made for this query string (after `?`, as sent) and Accept-Encoding, if it is kept. */
  held: (qs: string, acceptEncoding: string | null) => Rendered | undefined;
  /** The answer, made (and kept) if it is not held. */
  answer: (qs: string, acceptEncoding: string | null) => Rendered | Promise<Rendered>;
}>;

export function createSearchAnswers(indexes: SearchIndexStore, responses: Lru<Rendered>): SearchAnswers {
  const keyOf = (releaseId: string, qs: string, acceptEncoding: string | null) =>
    qs.length <= MAX_CACHED_QUERY ? `${releaseId}\0${acceptedCodings(acceptEncoding)}\0${qs}` : undefined;

  const held = (qs: string, acceptEncoding: string | null) => {
    const key = keyOf(indexes.current().releaseId, qs, acceptEncoding);
    return key === undefined ? undefined : responses.get(key);
  };

  const make = async (release: ReturnType<SearchIndexStore["current"]>, qs: string, acceptEncoding: string | null) => {
    let status = 400;
    let body: string;
    const parsed = parseSearchQuery(new URLSearchParams(qs));
    if (!parsed.ok) body = issuesJson(parsed.issues);
    else {
      const outcome = searchReviews(release.index, parsed.value);
      if (outcome.ok) [status, body] = [200, JSON.stringify(outcome.result)];
      else body = issuesJson(outcome.issues);
    }
    const rendered = await renderJson(body, chooseCoding(acceptEncoding, body.length), status);
    const key = keyOf(release.releaseId, qs, acceptEncoding);
    if (key !== undefined) responses.set(key, rendered, rendered.bytes.length + key.length * 2 + 512);
    return rendered;
  };

  return Object.freeze({
    held,
    // Synchronous when held: node-server then writes the response without awaiting a promise.
    answer: (qs, acceptEncoding) => held(qs, acceptEncoding) ?? make(indexes.current(), qs, acceptEncoding),
  });
}
