// The hub endpoint: POST subscribe/unsubscribe/publish answered 202 or a plain-text 4xx naming the field; GET a short page.
import { Hono, type Context } from "hono";
import { type ClientAddress, clientAddressFrom, clientKey } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import type { Logger } from "../log.ts";
import { readForm } from "./request/body.ts";
import { type HubRequest, parseHubRequest, type ParseOptions } from "./request/parse.ts";

import type { RateLimiter } from "./rate-limit.ts";
import type { IntentOutcome } from "./store/store.ts";

export type HubActions = Readonly<{
  /** Queues the verification of a subscribe/unsubscribe intent (or refuses it over a subscription cap). */
  intent(request: Extract<HubRequest, { mode: "subscribe" | "unsubscribe" }>): Promise<IntentOutcome>;
  /** A publisher's ping: look for a new release and diff the topics, in the background. */
  publish(topics: readonly string[]): void;
}>;

export type HubRouteDeps = Readonly<{
  actions: HubActions;
  parse: ParseOptions;
  limiter: RateLimiter;
  /** CIDRs of the reverse proxies whose forwarding headers name the client (TRUST_PROXY). */
  trustProxy: readonly string[];
  hubUrl: string;
  logger: Logger;
  now: () => number;
}>;

const ALLOW = "GET, HEAD, POST";

export function hubRoutes(deps: HubRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const page = hubPage(deps.hubUrl, [...deps.parse.topics]);
  const clientAddress = clientAddressFrom(deps.trustProxy);

  // The hub's one error edge: plain text, as the WebSub Recommendation answers.
  app.onError((err) => {
    deps.logger.error("websub hub request failed", { err });
    return text(500, "The hub could not handle this request; try again later.");
  });
  app.post("/hub", (c) => handlePost(c, deps, clientAddress));
  app.get(
    "/hub",
    () =>
      new Response(page, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=3600" },
      }),
  );
  app.all("/hub", (c) =>
    c.req.method === "OPTIONS"
      ? new Response(null, { status: 204, headers: { allow: ALLOW } })
      : text(405, `${c.req.method} is not supported here; POST a form-encoded hub.mode request.`, { allow: ALLOW }),
  );
  return app;
}

async function handlePost(c: Context<AppEnv>, deps: HubRouteDeps, clientAddress: ClientAddress): Promise<Response> {
  const client = clientAddress(c);
  const rate = await deps.limiter.take(clientKey(client), deps.now());
  if (!rate.ok) {
    deps.logger.warn("websub hub request refused: rate limit", { client: client ?? "unknown" });
    return text(429, "Too many requests to the hub from this client; slow down.", {
      "retry-after": String(rate.retryAfterSeconds),
    });
  }

  const form = await readForm(c.req.raw);
  if (!form.ok) return text(form.status, form.message);
  const parsed = parseHubRequest(form.params, deps.parse);
  if (!parsed.ok) return text(400, `${parsed.field}: ${parsed.message}`);

  const request = parsed.request;
  if (request.mode === "publish") {
    deps.actions.publish(request.topics);
    return text(202, "Accepted: the hub is checking the topics for new content.");
  }
  const outcome = await deps.actions.intent(request);
  if (outcome.status === "refused") return text(403, `${outcome.field}: ${outcome.reason}`);
  return text(202, `Accepted: the hub will verify this ${request.mode} request with a GET to the callback.`);
}

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

function hubPage(hubUrl: string, topics: readonly string[]): string {
  const esc = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const items = topics.map((t) => `<li><a href="${esc(t)}">${esc(t)}</a></li>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>WebSub hub</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>WebSub hub</h1>
<p>This is a <a href="https://www.w3.org/TR/websub/">WebSub</a> hub. Subscribers POST a form-encoded request
(<code>hub.mode=subscribe</code>, <code>hub.topic</code>, an <code>https:</code> <code>hub.callback</code>, optionally
<code>hub.lease_seconds</code> and <code>hub.secret</code>) to <code>${esc(hubUrl)}</code>; the hub verifies the intent with a
GET to the callback, then POSTs the full topic content there each time it changes.</p>
<p>Topics:</p><ul>${items}</ul></body></html>
`;
}
