// Outbound HTTPS to callbacks: node:https with one overall timeout, no redirects, no retries, a capped read of the answer
// and the SSRF guard.
import type { IncomingMessage } from "node:http";
import { Agent, request } from "node:https";
import { createSecureContext } from "node:tls";
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

  const call = (req: CallRequest): Promise<HttpOutcome> =>
    new Promise((resolve) => {
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const fail = (code: string, message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ kind: "error", code, message, ms: ms() });
      };

      let url: URL;
      try {
        url = new URL(req.url);
      } catch {
        return fail("ERR_INVALID_URL", "not a URL");
      }
      if (url.protocol !== "https:") return fail("ERR_WEBSUB_NOT_HTTPS", "callbacks are contacted over https only");
      // An IP literal never goes through DNS, so the lookup guard would not see it.
      const literal = hostAddress(url.hostname);
      if (literal) {
        const verdict = options.policy.check(literal, url.hostname);
        if (!verdict.ok) {
          const err = new ForbiddenAddressError(`${url.hostname} is a ${verdict.reason} address`);
          return fail(err.code, err.message);
        }
      }

      let status: number | undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (complete: boolean) => {
        if (settled) return;
        if (status === undefined) return fail("ERR_NO_RESPONSE", "the connection ended without a response");
        settled = true;
        clearTimeout(timer);
        resolve({ kind: "response", status, body: Buffer.concat(chunks, size), complete, ms: ms() });
        outgoing.destroy();
      };
      // A status already received stands (a delivery's answer body is ignored); the body is then incomplete.
      const failed = (code: string, message: string) => (status === undefined ? fail(code, message) : finish(false));

      const headers: Record<string, string> = { "user-agent": options.userAgent, ...req.headers };
      if (req.body) headers["content-length"] = String(req.body.length);
      const outgoing = request(url, { method: req.method, headers, agent, lookup });
      // The whole exchange, from DNS to the last byte read.
      timer = setTimeout(() => {
        failed("ETIMEDOUT", `no complete answer within ${req.timeoutMs} ms`);
        outgoing.destroy();
      }, req.timeoutMs);
      outgoing.on("response", (res: IncomingMessage) => {
        status = res.statusCode;
        res.on("data", (chunk: Buffer) => {
          if (settled) return;
          const room = req.maxBodyBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            return finish(false);
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () => finish(true));
        res.on("error", (err: NodeJS.ErrnoException) => failed(err.code ?? "ERR_REQUEST", err.message));
      });
      outgoing.on("error", (err: NodeJS.ErrnoException) => failed(err.code ?? "ERR_REQUEST", err.message));
      outgoing.end(req.body);
    });

  return Object.freeze({ call, close: () => agent.destroy() });
}

/** For logs: the status, or the error code, and how long it took; never the body (it may echo anything). */
export function describeOutcome(o: HttpOutcome): Record<string, unknown> {
  return o.kind === "response"
    ? { status: o.status, ms: o.ms, ...(o.complete ? {} : { body_cut: true }) }
    : { error: o.code, message: o.message, ms: o.ms };
}
