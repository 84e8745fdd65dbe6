// Read answers that are a pure function of (release, query string, accepted codings): kept in the read API's response
// cache under that key, and found there again.
import type { Lru } from "../http/lru.ts";
import { acceptedCodings, type Rendered } from "./json-response.ts";

/** Longer query strings are answered but not kept. */
const MAX_KEPT_QUERY = 1024;

export type KeptAnswers = Readonly<{
  held: (releaseId: string, qs: string, acceptEncoding: string | null) => Rendered | undefined;
  keep: (releaseId: string, qs: string, acceptEncoding: string | null, rendered: Rendered) => void;
}>;

/** `kind` keeps the answers of one route apart from another's for the same query. */
export function keptAnswers(responses: Lru<Rendered>, kind: string): KeptAnswers {
  const keyOf = (releaseId: string, qs: string, acceptEncoding: string | null) =>
    qs.length <= MAX_KEPT_QUERY ? `${kind}\0${releaseId}\0${acceptedCodings(acceptEncoding)}\0${qs}` : undefined;
  return Object.freeze({
    held: (releaseId, qs, acceptEncoding) => {
      const key = keyOf(releaseId, qs, acceptEncoding);
      return key === undefined ? undefined : responses.get(key);
    },
    keep: (releaseId, qs, acceptEncoding, rendered) => {
      const key = keyOf(releaseId, qs, acceptEncoding);
      if (key !== undefined) responses.set(key, rendered, rendered.bytes.length + key.length * 2 + 512);
    },
  });
}
