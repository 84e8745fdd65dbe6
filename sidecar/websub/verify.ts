// Verification of intent (WebSub 5.3) and denial notices (5.2): the GETs the hub sends to a callback.
import { randomBytes } from "node:crypto";
import type { Logger } from "../log.ts";
import { callbackFields } from "./log-fields.ts";
import { type CallbackClient, describeOutcome, type HttpOutcome } from "./net/client.ts";
import type { HubStore, VerificationJob } from "./store/store.ts";

/** The answer to a verification is the challenge; anything much longer is not worth reading. */
const MAX_VERIFY_BODY_BYTES = 4 * 1024;

export type VerifyDeps = Readonly<{
  store: HubStore;
  client: CallbackClient;
  timeoutMs: number;
  logger: Logger;
  now: () => number;
}>;

/** The callback URL with its own query kept and the hub's parameters appended after it (WebSub 5.1.1). */
export function callbackWithParams(callback: string, params: Readonly<Record<string, string>>): string {
  const url = new URL(callback);
  const extra = new URLSearchParams(params).toString();
  const query = url.search.length > 1 ? `${url.search}&${extra}` : `?${extra}`;
  return `${url.origin}${url.pathname}${query}`;
}

export async function runVerification(job: VerificationJob, deps: VerifyDeps): Promise<void> {
  const sentAt = deps.now();
  const log = { mode: job.mode, topic: job.topic, ...callbackFields(job.callback) };

  if (job.mode === "denied") {
    const params = {
      "hub.mode": "denied",
      "hub.topic": job.topic,
      ...(job.reason ? { "hub.reason": job.reason } : {}),
    };
    const outcome = await get(deps, callbackWithParams(job.callback, params));
    await deps.store.verificationComplete(job, { confirmed: false, sentAt });
    deps.logger.info("websub denial sent", { ...log, reason: job.reason, answer: describeOutcome(outcome) });
    return;
  }

  // 256 random bits, new for every attempt, never stored: a challenge is good for one answer only.
  const challenge = randomBytes(32).toString("base64url");
  const params: Record<string, string> = { "hub.mode": job.mode, "hub.topic": job.topic, "hub.challenge": challenge };
  if (job.mode === "subscribe") params["hub.lease_seconds"] = String(job.leaseSeconds);
  const outcome = await get(deps, callbackWithParams(job.callback, params));
  const confirmed =
    outcome.kind === "response" &&
    outcome.status >= 200 &&
    outcome.status < 300 &&
    outcome.complete &&
    outcome.body.equals(Buffer.from(challenge));
  await deps.store.verificationComplete(job, { confirmed, sentAt });
  deps.logger.info(confirmed ? "websub intent verified" : "websub intent not verified", {
    ...log,
    ...(job.mode === "subscribe" ? { lease_seconds: job.leaseSeconds, signed: job.secret !== null } : {}),
    confirmed,
    answer: describeOutcome(outcome),
  });
}

function get(deps: VerifyDeps, url: string): Promise<HttpOutcome> {
  return deps.client.call({ method: "GET", url, timeoutMs: deps.timeoutMs, maxBodyBytes: MAX_VERIFY_BODY_BYTES });
}
