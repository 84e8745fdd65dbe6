// Answers written straight to Node's response before node-server and Hono make a Request, a Context and a Response:
// those that need nothing but memory (a static file's, a search answer already made). What they share: the requests
// they may take, and how they read a request's headers as the app would.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HeaderGetter } from "./conditional.ts";

/** Answers the request and returns true, or returns false having touched nothing. */
export type AnswerAtOnce = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/** The first of `answers` that takes the request. */
export function firstAtOnce(...answers: readonly AnswerAtOnce[]): AnswerAtOnce {
  return (incoming, outgoing) => answers.some((answer) => answer(incoming, outgoing));
}

/**
 * A Host node-server takes as it is (its own test, so that both accept the same): a lower-case name or address, with a
 * port of 1000-99999 or none. Others go to the app, which refuses what URL parsing refuses (400).
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** Whether the request's Host is one node-server takes as it is. */
export function plainHost(headers: IncomingMessage["headersDistinct"]): boolean {
  return plainHostValue(headers.host?.[0]);
}

/** The same test of a Host value (the first one sent). */
export function plainHostValue(host: string | undefined): boolean {
  return host !== undefined && PLAIN_HOST.test(host);
}

/**
 * One header of the request, every copy joined with ", " as the app reads it (null if absent), the first copy for Host:
 * read from the parser's list of names and values without making Node's header objects. `name` is in lower case.
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

/**
 * Each header as the app reads it: every copy joined with ", " (node-server's Headers do so; Node's own `headers` keeps
 * only the first If-Modified-Since, which would turn an unparseable repeated date into a valid one).
 */
export function headerGetter(headers: IncomingMessage["headersDistinct"]): HeaderGetter {
  return { get: (name) => headers[name]?.join(", ") ?? null };
}
