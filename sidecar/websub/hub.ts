// Assembles the WebSub hub from the config: store, SSRF-guarded client, worker, change tracker, upkeep and routes.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Config } from "../../src/config.ts";
import { siteUrls } from "../../src/lib/site-urls.ts";
import type { Logger } from "../log.ts";
import { createChangeTracker } from "./changes.ts";
import { runDelivery } from "./deliver.ts";
import { createCallbackClient } from "./net/client.ts";
import { createHostShare, hostName } from "./host-share.ts";
import { type Resolver, systemResolver } from "./net/lookup.ts";
import { createAddressPolicy } from "./net/policy.ts";
import { storeRateLimiter } from "./rate-limit.ts";
import { hubRoutes } from "./routes.ts";
import { scheduleUpkeep, type Upkeep } from "./schedule.ts";
import type { HubStore } from "./store/store.ts";
import { type ReleaseSource, siteTopicSource } from "./topics.ts";
import { runVerification } from "./verify.ts";
import { createWorker } from "./worker.ts";

export type Hub = ReturnType<typeof createHub>;

type HubDeps = Readonly<{
  config: Config;
  logger: Logger;
  releases: ReleaseSource;
  /** The store HUB_DB names (store/open.ts); the hub closes it when it stops. */
  store: HubStore;
  /** DNS for callbacks (tests only). */
  resolver?: Resolver;
  now?: () => number;
}>;

export function createHub(deps: HubDeps) {
  const { config, logger } = deps;
  const ws = config.websub;
  const now = deps.now ?? Date.now;
  const policy = createAddressPolicy(ws.callbackAllow);
  const store = deps.store;
  const topics = siteTopicSource(deps.releases, config.siteUrl);
  const hubUrl = siteUrls(config.siteUrl).hub;
  const client = createCallbackClient({
    policy,
    userAgent: `reviews-service-websub/1.0 (+${hubUrl})`,
    ...(deps.resolver ? { resolver: deps.resolver } : {}),
  });
  // Claims name their owner, so a worker whose claim expired cannot record over the one that took the job over.
  const claimant = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const ttlMs = ws.claimTtlSeconds * 1000;
  // The content of this process's release: deliveries of any other are for replicas holding theirs.
  const held = () => topics.current().map((t) => t.sha256);

  const verifyDeps = { store, client, timeoutMs: ws.verifyTimeoutSeconds * 1000, logger, now };
  // A quarter of the places per host: a host whose callbacks hang holds those, never the others' (see host-share.ts).
  const hostShare = createHostShare(Math.max(1, Math.floor(ws.concurrency / 4)), deps.resolver ?? systemResolver, () =>
    worker.kick(),
  );
  const deliveryTimeoutMs = ws.deliveryTimeoutSeconds * 1000;
  const deliverDeps = { ...verifyDeps, topics, claimant, hostShare, retryDelaysSeconds: ws.retryDelaysSeconds };
  const worker = createWorker({
    concurrency: ws.concurrency,
    sources: [
      {
        name: "verification",
        claim: async (limit) =>
          (await store.verificationClaim({ limit, claimant, now: now(), ttlMs })).map(
            (job) => () => runVerification(job, verifyDeps),
          ),
      },
      {
        name: "delivery",
        claim: async (limit) =>
          (
            await store.deliveryClaim({
              limit,
              claimant,
              now: now(),
              ttlMs,
              contents: held(),
              skipHosts: hostShare.busyHosts(),
            })
          ).map((job) => () => runDelivery(job, { ...deliverDeps, timeoutMs: deliveryTimeoutMs })),
      },
    ],
    nextDueAt: () => store.workNextDueAt(now(), held()),
    logger,
    now,
  });
  const tracker = createChangeTracker({ topics, store, logger, now, onQueued: worker.kick });

  const routes = hubRoutes({
    parse: { topics: topics.topics, lease: ws.lease, policy },
    limiter: storeRateLimiter(store, ws.rateLimitPerMinute),
    trustProxy: config.trustProxy,
    hubUrl,
    logger,
    now,
    actions: {
      intent: async (request) => {
        const outcome = await store.verificationRequest(
          {
            topic: request.topic,
            callback: request.callback.href,
            callbackHost: hostName(request.callback.href),
            mode: request.mode,
            secret: request.mode === "subscribe" ? request.secret : null,
            leaseSeconds: request.mode === "subscribe" ? request.leaseSeconds : 0,
            requestedAt: now(),
          },
          { maxPerTopic: ws.maxSubscriptionsPerTopic, maxPerHost: ws.maxSubscriptionsPerHost },
        );
        if (outcome.status === "queued") worker.kick();
        return outcome;
      },
      publish: (named) => {
        logger.info("websub publish ping", { topics: named });
        topics
          .refresh()
          .then(() => tracker.check("publish ping"))
          .catch((err: Error) => logger.error("websub publish ping failed", { err }));
      },
    },
  });

  let unwatch: (() => void) | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let upkeep: Upkeep | undefined;
  return Object.freeze({
    /** Mount at `/api/websub` (the hub URL is `/api/websub/hub`). */
    routes,
    /** Diffs the topics against the store (a rebuild while the sidecar was down counts), then starts working. */
    start: async () => {
      await tracker.check("startup");
      // A new release is also new content to deliver: work another replica queued for it (a roll-out reaches the
      // machines one by one) waits for no notification, as that came while this replica could not take it.
      unwatch = topics.onChange(() => void tracker.check("new release").finally(worker.kick));
      // Work queued by other replicas wakes this worker at once; its polling covers a lost notification.
      unlisten = await store.workListen(worker.kick);
      worker.start();
      upkeep = scheduleUpkeep({ store, pattern: ws.sweepCron, logger, now });
      const stats = await store.hubStats(now());
      logger.info("websub hub started", {
        subscriptions: stats.subscriptions.active,
        deliveries_pending: stats.deliveriesPending,
        verifications_pending: stats.verificationsPending,
        concurrency: ws.concurrency,
      });
    },
    /** Stops taking work, lets deliveries in flight finish (each bounded by its timeout), closes the database. */
    stop: async () => {
      unwatch?.();
      await upkeep?.stop();
      await unlisten?.();
      await worker.stop();
      client.close();
      await store.close();
    },
    healthCheck: () => store.healthCheck(),
    stats: async () => ({
      ...(await store.hubStats(now())),
      worker: { inFlight: worker.inFlight(), concurrency: ws.concurrency },
    }),
  });
}
