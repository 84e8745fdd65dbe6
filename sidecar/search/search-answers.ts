// GET /api/reviews/search: each answer rendered once per release, query string and Accept-Encoding, and kept in a
// least-recently-used cache bounded in bytes, so a repeated search is sent from memory. The cache is emptied when the
// served release changes, and its keys name the release, so an answer of one release is never sent for another.
import { LRUCache } from "lru-cache";
import { parseSearchQuery } from "../../src/lib/schema/search.ts";
import { searchReviews } from "../../src/lib/search/search-reviews.ts";
import type { SearchIndexStore } from "../release/index-store.ts";
import { chooseCoding, issuesJson, renderJson, type Rendered, send, sendJson } from "./json-response.ts";

/** The bytes of answers kept: a page of 100 reviews is about 100 KB, one of 20 about 23 KB (at 100k reviews). */
const SEARCH_KEPT_BYTES = 4 * 2 ** 20;

/** The search route's handler, and its kept answers (`kept`). */
export function searchAnswers(indexes: SearchIndexStore, maxBytes = SEARCH_KEPT_BYTES) {
  const kept = new LRUCache<string, Rendered>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 4,
    sizeCalculation: (r) => r.bytes.length + 512,
  });
  let releaseId: string | undefined;
  const answer = async (req: Request) => {
    const release = indexes.current();
    if (release.releaseId !== releaseId) {
      kept.clear();
      releaseId = release.releaseId;
    }
    // The query string as sent: the same string is always the same search (a cheaper key than the parsed query).
    const acceptEncoding = req.headers.get("accept-encoding");
    const key = `${release.releaseId}\0${acceptEncoding ?? ""}\0${req.url.slice(req.url.indexOf("?") + 1)}`;
    const hit = kept.get(key);
    if (hit) return send(hit, req);
    const parsed = parseSearchQuery(new URL(req.url).searchParams);
    const outcome = parsed.ok ? searchReviews(release.index, parsed.value) : parsed;
    if (!outcome.ok) return sendJson(req, issuesJson(outcome.issues), 400);
    const body = JSON.stringify(outcome.result);
    const rendered = await renderJson(body, chooseCoding(acceptEncoding, body.length));
    kept.set(key, rendered);
    return send(rendered, req);
  };
  return Object.assign(answer, { kept });
}
