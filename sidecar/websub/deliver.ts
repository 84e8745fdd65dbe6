// Content distribution (WebSub 7): POST the topic's exact bytes to one callback and record the outcome in the outbox.
import type { HostShare } from "./host-share.ts";
import { callbackFields } from "./log-fields.ts";
import { describeOutcome } from "./net/client.ts";
import { maxAttempts, nextAttemptAt } from "./retry.ts";
import { hubSignature } from "./signature.ts";
import type { DeliveryJob } from "./store/store.ts";
import type { TopicContent, TopicSource } from "./topics.ts";
import type { VerifyDeps } from "./verify.ts";

/** The answer to a delivery is ignored (WebSub 7); a little is read so the connection can be reused. */
const MAX_DELIVERY_ANSWER_BYTES = 64 * 1024;

export type DeliverDeps = VerifyDeps &
  Readonly<{
    topics: TopicSource;
    claimant: string;
    /** The places per callback host; without it (tests of one delivery) every delivery goes out at once. */
    hostShare?: HostShare;
    retryDelaysSeconds: readonly number[];
  }>;

/** Sends one delivery; resolves to the time of the next attempt when a failure scheduled one. */
export async function runDelivery(job: DeliveryJob, deps: DeliverDeps): Promise<number | undefined> {
  const log = { topic: job.topic, ...callbackFields(job.callback), attempt: job.consecutiveFailures + 1 };
  const content = deps.topics.get(job.topic);
  if (!content) {
    // The release no longer has the topic: there is nothing to send, and no fault of the subscriber's.
    await deps.store.deliveryComplete(job, deps.claimant, job.contentSha256, deps.now());
    deps.logger.warn("websub delivery dropped: the topic is not in the current release", log);
    return;
  }
  if (content.sha256 !== job.contentSha256) {
    // This process moved to another release since the claim: the content queued is another replica's to send (or
    // a newer change replaces it), never this release's in its place.
    await deps.store.deliveryLeave(job, deps.claimant);
    deps.logger.info("websub delivery left to a replica holding its content", { ...log, sha256: job.contentSha256 });
    return;
  }
  const place = deps.hostShare ? await deps.hostShare.enter(job.callback) : { leave: () => undefined };
  if (!place) {
    // Its host holds its share of places: the delivery waits unclaimed, and is claimed again once a place frees.
    await deps.store.deliveryLeave(job, deps.claimant);
    return;
  }
  try {
    return await attempt(job, content, deps, log);
  } finally {
    place.leave();
  }
}

/** One POST of the content to the callback, its outcome recorded. */
async function attempt(
  job: DeliveryJob,
  content: TopicContent,
  deps: DeliverDeps,
  log: Record<string, unknown>,
): Promise<number | undefined> {
  const body = await content.body();
  const headers: Record<string, string> = { "content-type": content.contentType, link: content.link };
  if (job.secret !== null) headers["x-hub-signature"] = hubSignature(job.secret, body);

  const outcome = await deps.client.call({
    method: "POST",
    url: job.callback,
    headers,
    body,
    timeoutMs: deps.timeoutMs,
    maxBodyBytes: MAX_DELIVERY_ANSWER_BYTES,
  });
  const now = deps.now();
  const answer = describeOutcome(outcome);

  if (outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300) {
    await deps.store.deliveryComplete(job, deps.claimant, content.sha256, now);
    deps.logger.info("websub delivered", { ...log, sha256: content.sha256, bytes: body.length, answer });
    return;
  }
  if (outcome.kind === "response" && outcome.status === 410) {
    await deps.store.deliveryGone(job);
    deps.logger.info("websub subscription removed: the callback answered 410 Gone", { ...log, answer });
    return;
  }

  const limit = maxAttempts(deps.retryDelaysSeconds);
  const last = outcome.kind === "response" ? `HTTP ${outcome.status}` : outcome.code;
  const result = await deps.store.deliveryIncomplete(job, {
    claimant: deps.claimant,
    now,
    retryAt: (failures) => nextAttemptAt(failures, deps.retryDelaysSeconds, now),
    denialReason: `${limit} consecutive content deliveries failed (last: ${last}); subscribe again to resume`,
  });
  if (result.status === "retry") {
    deps.logger.warn("websub delivery failed; will retry", {
      ...log,
      answer,
      failures: result.consecutiveFailures,
      retry_at: new Date(result.nextAttemptAt).toISOString(),
    });
    return result.nextAttemptAt;
  }
  if (result.status === "removed") {
    deps.logger.warn("websub subscription removed after consecutive failed deliveries", {
      ...log,
      answer,
      failures: result.consecutiveFailures,
    });
  } else {
    deps.logger.warn("websub delivery outcome not recorded: its claim had expired and was taken over", {
      ...log,
      answer,
    });
  }
  return undefined;
}
