// Periodic hub upkeep on node-cron: expired subscriptions and claims are swept (by one replica at a time, the store
// sees to it), and the hub's counts are logged.
import cron, { type ScheduledTask } from "node-cron";
import type { Logger } from "../log.ts";
import type { HubStore } from "./store/store.ts";

export type Upkeep = ReturnType<typeof scheduleUpkeep>;

type UpkeepDeps = Readonly<{ store: HubStore; pattern: string; logger: Logger; now: () => number }>;

export function scheduleUpkeep(deps: UpkeepDeps) {
  const { store, logger } = deps;
  const task: ScheduledTask = cron.schedule(
    deps.pattern,
    async () => {
      const swept = await store.sweep(deps.now());
      // Another replica is sweeping the shared store this very moment: its run counts for this one.
      if (swept === null) return;
      const stats = await store.hubStats(deps.now());
      logger.info("websub upkeep", {
        expired_removed: swept.expiredRemoved,
        claims_recovered: swept.claimsRecovered,
        subscriptions: stats.subscriptions.active,
        verifications_pending: stats.verificationsPending,
        deliveries_pending: stats.deliveriesPending,
        deliveries_in_flight: stats.deliveriesInFlight,
      });
    },
    {
      name: "websub-upkeep",
      noOverlap: true,
      // Our structured logger instead of node-cron's console output.
      logger: {
        info: () => undefined,
        debug: () => undefined,
        warn: (message: string) => logger.warn(`node-cron: ${message}`),
        error: (message: string | Error, err?: Error) =>
          logger.error("websub upkeep failed", {
            err: err ?? (message instanceof Error ? message : new Error(message)),
          }),
      },
    },
  );
  return Object.freeze({ stop: async () => void (await task.destroy()) });
}
