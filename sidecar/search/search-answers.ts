// GET /api/reviews/search's answers: a pure function of (release, query string, accepted codings), so each is made
// once, kept in the read API's response cache, and sent again from there.
import { parseSearchQuery } from "../../src/lib/schema/search.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import type { Lru } from "../http/lru.ts";
import type { IndexedRelease, SearchIndexStore } from "../release/index-store.ts";
import { chooseCoding, issuesJson, type Rendered, renderJson } from "./json-response.ts";
import { keptAnswers } from "./kept-answers.ts";

export type SearchAnswers = Readonly<{
  /** The answer already made for this query string (after `?`, as sent) and Accept-Encoding, if it is kept. */
  held: (qs: string, acceptEncoding: string | null) => Rendered | undefined;
  /** The answer, made (and kept) if it is not held. */
  answer: (qs: string, acceptEncoding: string | null) => Promise<Rendered>;
}>;

export function createSearchAnswers(indexes: SearchIndexStore, responses: Lru<Rendered>): SearchAnswers {
  const kept = keptAnswers(responses, "search");

  const make = async (release: IndexedRelease, qs: string, acceptEncoding: string | null) => {
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
    kept.keep(release.releaseId, qs, acceptEncoding, rendered);
    return rendered;
  };

  return Object.freeze({
    held: (qs, acceptEncoding) => kept.held(indexes.current().releaseId, qs, acceptEncoding),
    answer: async (qs, acceptEncoding) => {
      const release = indexes.current();
      return kept.held(release.releaseId, qs, acceptEncoding) ?? make(release, qs, acceptEncoding);
    },
  });
}
