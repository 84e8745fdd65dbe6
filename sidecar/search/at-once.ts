// Search answers already made (search-answers.ts), written straight to Node's response before any Request, Context or
// Response object is made; a query not answered yet goes on to the app, which makes and keeps its answer.
import { type AnswerAtOnce, headerGetter, plainHost, plainTarget, rawHeader } from "../http/at-once.ts";
import { queryOf, sendable } from "./json-response.ts";
import type { SearchAnswers } from "./search-answers.ts";

const PATH = "/api/reviews/search";

/**
 * Takes a GET of the path, with or without a query, whose target and Host node-server keeps as sent: the app then keys
 * its answer by the same query string.
 */
export function searchAtOnce(answers: SearchAnswers): AnswerAtOnce {
  return (incoming, outgoing) => {
    const { method, url } = incoming;
    if (method !== "GET" || url === undefined || !url.startsWith(PATH)) return false;
    // The path itself, not one it begins: nothing after it but a query.
    if (url.length > PATH.length && url.charCodeAt(PATH.length) !== 63) return false;
    const raw = incoming.rawHeaders;
    if (!plainTarget(url) || !plainHost(raw)) return false;
    const rendered = answers.held(queryOf(url), rawHeader(raw, "accept-encoding"));
    if (!rendered) return false;
    // Only an answer with validators reads the request's conditions.
    const { status, headers, bytes } = rendered.validators ? sendable(rendered, headerGetter(raw)) : rendered;
    outgoing.writeHead(status, headers).end(bytes ?? undefined);
    return true;
  };
}
