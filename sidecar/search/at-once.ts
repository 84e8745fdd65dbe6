// Search answers already made (search-answers.ts), written straight to Node's response before any Request, Context or
// Response object is made; a query not answered yet goes on to the app, which makes and keeps its answer.
import { type AnswerAtOnce, headerGetter, plainHostValue, rawHeader } from "../http/at-once.ts";
import { evaluatePreconditions } from "../http/conditional.ts";
import type { SearchAnswers } from "./search-answers.ts";

const PATH = "/api/reviews/search";
/**
 * Query strings taken as sent: those node-server puts in the request's URL unchanged (its own test of a plain request
 * target, and `%`, which URL parsing keeps), so the app keys its answer by the same string. A quote, a space, a `'` or
 * a `#` go to the app.
 */
const PLAIN_QUERY = /^[\w!$%&(-;=?@[\]~]*$/;

export function searchAtOnce(answers: SearchAnswers): AnswerAtOnce {
  return (incoming, outgoing) => {
    const { method, url } = incoming;
    if ((method !== "GET" && method !== "HEAD") || url === undefined || !url.startsWith(PATH)) return false;
    const qs = url.length === PATH.length ? "" : url.charCodeAt(PATH.length) === 63 ? url.slice(PATH.length + 1) : null;
    if (qs === null || !PLAIN_QUERY.test(qs)) return false;
    const raw = incoming.rawHeaders;
    if (!plainHostValue(rawHeader(raw, "host") ?? undefined)) return false;
    const rendered = answers.held(qs, rawHeader(raw, "accept-encoding"));
    if (!rendered) return false;
    if (
      rendered.validators &&
      evaluatePreconditions(headerGetter(incoming.headersDistinct), rendered.validators) === 304
    )
      outgoing.writeHead(304, rendered.notModifiedHeaders).end();
    // Node sends no body to a HEAD.
    else outgoing.writeHead(rendered.status, rendered.headers).end(rendered.bytes);
    return true;
  };
}
