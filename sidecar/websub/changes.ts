// Change detection: compares each topic's sha256 in the current release with the stored one and queues fat pings for changes.
import type { Logger } from "../log.ts";
import type { HubStore } from "./store/store.ts";
import type { TopicSource } from "./topics.ts";

type ChangeDeps = Readonly<{
  topics: TopicSource;
  store: HubStore;
  logger: Logger;
  now: () => number;
  /** Deliveries were queued: the worker should look. */
  onQueued: () => void;
}>;

export function createChangeTracker(deps: ChangeDeps) {
  let chain: Promise<void> = Promise.resolve();

  const diff = async (reason: string) => {
    let queued = 0;
    for (const t of deps.topics.current()) {
      const result = await deps.store.topicContentSet(
        { topic: t.topic, sha256: t.sha256, contentType: t.contentType, releasedAt: t.releasedAt },
        deps.now(),
      );
      if (result.changed) {
        deps.logger.info("websub topic changed", {
          topic: t.topic,
          sha256: t.sha256,
          deliveries_queued: result.queued,
          seq: result.seq,
          reason,
        });
        queued += result.queued;
      } else if (result.stale) {
        deps.logger.info("websub topic not pushed: the hub has seen a newer release", {
          topic: t.topic,
          sha256: t.sha256,
          reason,
        });
      }
    }
    if (queued > 0) deps.onQueued();
  };

  return Object.freeze({
    /** Diffs now; checks never overlap, and one asked for during a check runs right after it. */
    check: (reason: string) => {
      const run = chain.then(() => diff(reason));
      chain = run.catch((err: Error) => deps.logger.error("websub change check failed", { reason, err }));
      return run;
    },
  });
}
