// Outbound HTTPS to callbacks through got: one overall timeout, no redirects, no retries, a capped read of the answer
// and the SSRF guard.
import { Agent } from "node:https";
import { createSecureContext } from "node:tls";
import got, { type RequestError } from "got";
import { hostAddress } from "../../net/ip.ts";
import { ForbiddenAddressError, guardedLookup, type Resolver } from "./lookup.ts";
import type { AddressPolicy } from "./policy.ts";

/** What came back: a status (and as much of the body as was read), or why there is none. Never thrown. */
export type HttpOutcome =
  | Readonly<{ kind: "response"; status: number; body: Buffer; complete: boolean; ms: number }>
  | Readonly<{ kind: "error"; code: string; message: string; ms: number }>;

type CallRequest = Readonly<{
  method: "GET" | "POST";
  url: string;
  headers?: Readonly<Record<string, string>>;
  body?: Buffer;
  /** The whole exchange, from DNS to the last byte read. */
  timeoutMs: number;
  /** Bytes of the answer read at most; past that the connection is dropped and `complete` is false. */
  maxBodyBytes: number;
}>;

export type CallbackClient = Readonly<{
  call(request: CallRequest): Promise<HttpOutcome>;
  close(): void;
}>;

export type ClientOptions = Readonly<{
  policy: AddressPolicy;
  userAgent: string;
  resolver?: Resolver;
}>;

export function createCallbackClient(options: ClientOptions): CallbackClient {
  // A fresh connection per attempt: callbacks are mostly distinct hosts, and idle keep-alive TLS sockets to a thousand
  // of them hold much memory for little gain. TLS sessions are still cached, so repeat hosts resume cheaply. One TLS
  // context (the trusted CAs) serves every connection instead of being built again for each.
  const agent = new Agent({ keepAlive: false, secureContext: createSecureContext() });
  const lookup = guardedLookup(options.policy, options.resolver);

  const call = async (req: CallRequest): Promise<HttpOutcome> => {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    const refused = refusal(req.url, options.policy);
    if (refused) return { kind: "error", ...refused, ms: ms() };

    let status: number | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const answer = (complete: boolean): HttpOutcome =>
      status === undefined
        ? { kind: "error", code: "ERR_NO_RESPONSE", message: "the connection ended without a response", ms: ms() }
        : { kind: "response", status, body: Buffer.concat(chunks, size), complete, ms: ms() };
    const stream = got.stream(req.url, {
      method: req.method,
      headers: { "user-agent": options.userAgent, ...req.headers },
      body: req.body,
      agent: { https: agent },
      dnsLookup: lookup,
      timeout: { request: req.timeoutMs },
      followRedirect: false,
      retry: { limit: 0 },
      throwHttpErrors: false,
      decompress: false,
    });
    stream.on("response", (res: { statusCode: number }) => (status = res.statusCode));
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const kept = chunk.subarray(0, req.maxBodyBytes - size);
        chunks.push(kept);
        size += kept.length;
        // Leaving the loop drops the connection.
        if (kept.length < chunk.length) return answer(false);
      }
      return answer(true);
    } catch (err) {
      // A status already received stands (a delivery's answer body is ignored); the body is then incomplete.
      if (status !== undefined) return answer(false);
      const { code = "ERR_REQUEST", message } = err as RequestError;
      return { kind: "error", code, message, ms: ms() };
    }
  };

  return Object.freeze({ call, close: () => agent.destroy() });
}

/** Why `href` is not contacted at all: not an https: URL, or an IP literal the policy forbids. */
function refusal(href: string, policy: AddressPolicy): { code: string; message: string } | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { code: "ERR_INVALID_URL", message: "not a URL" };
  }
  if (url.protocol !== "https:")
    return { code: "ERR_WEBSUB_NOT_HTTPS", message: "callbacks are contacted over https only" };
  // An IP literal never goes through DNS, so the lookup guard would not see it.
  const literal = hostAddress(url.hostname);
  const verdict = literal && policy.check(literal, url.hostname);
  if (!verdict || verdict.ok) return undefined;
  const err = new ForbiddenAddressError(`${url.hostname} is a ${verdict.reason} address`);
  return { code: err.code, message: err.message };
}

/** For logs: the status, or the error code, and how long it took; never the body (it may echo anything). */
export function describeOutcome(o: HttpOutcome): Record<string, unknown> {
  return o.kind === "response"
    ? { status: o.status, ms: o.ms, ...(o.complete ? {} : { body_cut: true }) }
    : { error: o.code, message: o.message, ms: o.ms };
}
