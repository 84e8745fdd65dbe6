// Answers written straight to Node's response before node-server and Hono make a Request, a Context and a Response:
// those that need nothing but memory (a static file's, a search answer already made). What they share: the requests
// they may take, and how they read a request's headers as the app would. Only GETs are taken: the app answers a HEAD
// from its GET's Response, whose headers node-server then writes in another order.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HeaderGetter } from "./conditional.ts";

/** Answers the request and returns true, or returns false having touched nothing. */
export type AnswerAtOnce = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/** The first of `answers` that takes the request. */
export function firstAtOnce(...answers: readonly AnswerAtOnce[]): AnswerAtOnce {
  return (incoming, outgoing) => {
    for (const answer of answers) if (answer(incoming, outgoing)) return true;
    return false;
  };
}

/**
 * A Host node-server takes as it is (its own test, so that both accept the same): a lower-case name or address, with a
 * port of 1000-59999 or none. Others go to the app, which refuses what URL parsing refuses (400).
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * A request target node-server puts in the request's URL as sent (its own test: these characters, no dot segment).
 * Any other is parsed as a URL, which may rewrite it, and may refuse a Host the test above lets through.
 */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/** Whether the request's Host is one node-server takes as it is. */
export function plainHost(rawHeaders: readonly string[]): boolean {
  const host = rawHeader(rawHeaders, "host");
  return host !== null && PLAIN_HOST.test(host);
}

/** Whether node-server takes the request target as it is (with a plain Host, the app's URL is then Host + target). */
export function plainTarget(target: string): boolean {
  return PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target);
}

/** The request's headers as the app reads them (`rawHeader`). */
export function headerGetter(rawHeaders: readonly string[]): HeaderGetter {
  return { get: (name) => rawHeader(rawHeaders, name) };
}

/**
 * One header of the request as the app reads it: every copy joined with ", " (node-server's Headers do so; Node's own
 * `headers` keeps only the first If-Modified-Since, which would turn an unparseable repeated date into a valid one), the
 * first copy for Host; null if absent. Read from the parser's list of names and values, without making Node's header
 * objects. `name` is in lower case.
 */
export function rawHeader(rawHeaders: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const n = rawHeaders[i]!;
    if (n.length !== name.length || n.toLowerCase() !== name) continue;
    if (name === "host") return rawHeaders[i + 1]!;
    value = value === null ? rawHeaders[i + 1]! : `${value}, ${rawHeaders[i + 1]!}`;
  }
  return value;
}
