// Keeps up to `concurrency` claimed jobs running: claims more as slots free up, sleeps until the next job is due.
import type { Logger } from "../log.ts";

/** A claimed job; it resolves to the time (epoch ms) its follow-up falls due when it scheduled one (a retry). */
type Job = () => Promise<number | void>;

/** A kind of work: claims up to `limit` due jobs and returns them ready to run (each settles on its own). */
export type WorkSource = Readonly<{ name: string; claim(limit: number): Promise<Job[]> }>;

export type WorkerOptions = Readonly<{
  concurrency: number;
  /** Claimed in this order: earlier sources are served first whenever a slot is free. */
  sources: readonly WorkSource[];
  /** When the next job becomes due (epoch ms), if any is waiting. */
  nextDueAt: () => Promise<number | undefined>;
  logger: Logger;
  now?: () => number;
}>;

/** Longest sleep between looks at the store, so work queued by another process is found too. */
const MAX_IDLE_MS = 30_000;

export function createWorker(options: WorkerOptions) {
  const { concurrency, sources, logger } = options;
  const now = options.now ?? Date.now;
  let running = false;
  let inFlight = 0;
  let pumping = false;
  let again = false;
  // The next look at the store, armed for the earliest time anything is known to fall due.
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let immediate: NodeJS.Immediate | undefined;
  const idleWaiters = new Set<() => void>();

  const wake = () => {
    if (!running || immediate) return;
    immediate = setImmediate(() => {
      immediate = undefined;
      void pump();
    });
  };

  // Slots are refilled a quarter of the concurrency at a time, not one by one: each claim is a round trip (a statement
  // on a shared database) whatever it takes, and a fan-out to thousands would otherwise make one per delivery.
  const refillAt = concurrency - Math.max(1, Math.floor(concurrency / 4));
  const launch = (job: Job, source: string) => {
    inFlight++;
    job()
      .then((followUpAt) => {
        if (typeof followUpAt === "number") lookAt(followUpAt);
      })
      .catch((err: Error) => logger.error("websub job failed unexpectedly", { source, err }))
      .finally(() => {
        inFlight--;
        if (inFlight === 0) for (const w of idleWaiters) w();
        if (inFlight <= refillAt) wake();
      });
  };

  /** Looks at the store at `at` (or at once), unless a look is already armed for no later. */
  const lookAt = (at: number) => {
    if (!running || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timerAt = Infinity;
        timer = undefined;
        void pump();
      },
      Math.max(10, at - now()),
    );
  };

  const sleepUntilDue = async () => {
    // With every slot taken there is nothing to claim before a job ends, and each end looks again. With a slot free,
    // the next due time is worked out whatever else is in flight: a retry falls due on time beside a slow delivery.
    if (!running || inFlight >= concurrency) return;
    const due = await options.nextDueAt();
    lookAt(Math.min(due ?? Infinity, now() + MAX_IDLE_MS));
  };

  const pump = async (): Promise<void> => {
    if (!running) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        for (const source of sources) {
          while (running && inFlight < concurrency) {
            const jobs = await source.claim(concurrency - inFlight);
            for (const job of jobs) launch(job, source.name);
            if (jobs.length === 0) break;
          }
        }
      } while (again && running && inFlight < concurrency);
      await sleepUntilDue();
    } catch (err) {
      logger.error("websub worker could not claim work; trying again in a second", { err: err as Error });
      lookAt(now() + 1000);
    } finally {
      pumping = false;
      // A job that finished during the last await above asked for a look that the loop no longer makes.
      if (again) wake();
    }
  };

  return Object.freeze({
    start: () => {
      if (running) return;
      running = true;
      wake();
    },
    /** Work was queued: look now. */
    kick: wake,
    inFlight: () => inFlight,
    /** Stops claiming and waits for the jobs in flight (each bounded by its own timeout) up to `graceMs`. */
    stop: async (graceMs = 15_000) => {
      running = false;
      clearTimeout(timer);
      timerAt = Infinity;
      if (immediate) clearImmediate(immediate);
      immediate = undefined;
      if (inFlight === 0) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          idleWaiters.delete(done);
          resolve();
        };
        const t = setTimeout(done, graceMs);
        idleWaiters.add(done);
      });
    },
  });
}
