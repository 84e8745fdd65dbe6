// Holds the release being served and swaps it for a newer one: in-flight requests keep the snapshot they started with.
import type { Logger } from "../log.ts";
import { fingerprint, loadRelease } from "./load.ts";
import type { Release } from "./release.ts";

type ReloadOutcome =
  | Readonly<{ status: "reloaded"; previous: Release; release: Release }>
  | Readonly<{ status: "unchanged"; release: Release }>
  | Readonly<{ status: "failed"; release: Release; error: Error }>;

type ChangeListener = (previous: Release, next: Release) => void;

/** The release DIST_DIR points at that was refused (the current one is still served), since when and why. */
export type RefusedRelease = Readonly<{ since: string; error: Error }>;

export type ReleaseStore = Readonly<{
  /** The release to serve a request from; read it once per request. */
  current: () => Release;
  /** Loads DIST_DIR again if it points at something new (explicit: also retries a release that failed before). */
  reload: () => Promise<ReloadOutcome>;
  /** Like `reload`, but a release already found broken is not loaded (and logged) again until it changes. */
  check: () => Promise<ReloadOutcome>;
  /** The release DIST_DIR points at, when it was refused and an older one is served instead. */
  refused: () => RefusedRelease | undefined;
  /** Called after each swap, e.g. for the WebSub hub to diff topic hashes. Returns an unsubscribe function. */
  onChange: (listener: ChangeListener) => () => void;
}>;

export type ReleaseStoreOptions = Readonly<{
  distDir: string;
  logger: Logger;
  load?: (distDir: string) => Promise<Release>;
}>;

export function createReleaseStore(initial: Release, options: ReleaseStoreOptions): ReleaseStore {
  const { distDir, logger } = options;
  const load = options.load ?? ((dir: string) => loadRelease(dir));
  const listeners = new Set<ChangeListener>();
  let release = initial;
  let failed: { fingerprint: string; error: Error; since: string } | undefined;
  let running: Promise<ReloadOutcome> | undefined;
  let queued: Promise<ReloadOutcome> | undefined;
  let queuedForce = false;

  const attempt = async (force: boolean): Promise<ReloadOutcome> => {
    let now: string;
    try {
      now = (await fingerprint(distDir)).fingerprint;
    } catch (err) {
      return fail(`dist:${(err as NodeJS.ErrnoException).code ?? "error"}`, err as Error);
    }
    if (now === release.fingerprint) {
      // DIST_DIR points back at the release being served: nothing is refused any more.
      failed = undefined;
      return { status: "unchanged", release };
    }
    if (!force && failed?.fingerprint === now) return { status: "failed", release, error: failed.error };
    let next: Release;
    try {
      next = await load(distDir);
    } catch (err) {
      return fail(now, err as Error);
    }
    if (next.fingerprint === release.fingerprint) return { status: "unchanged", release };
    const previous = release;
    release = next;
    failed = undefined;
    logger.info("serving new release", { release: next.id, files: next.files.size, previous: previous.id });
    for (const listener of listeners) {
      try {
        listener(previous, next);
      } catch (err) {
        logger.error("release change listener failed", { err });
      }
    }
    return { status: "reloaded", previous, release: next };
  };

  const fail = (key: string, error: Error): ReloadOutcome => {
    if (failed?.fingerprint !== key) {
      logger.error("new release refused, still serving the previous one", { release: release.id, err: error });
    }
    failed = { fingerprint: key, error, since: failed?.fingerprint === key ? failed.since : new Date().toISOString() };
    return { status: "failed", release, error };
  };

  // One load at a time; a call made during a load gets a fresh look right after it, never a stale answer.
  const run = (force: boolean): Promise<ReloadOutcome> => {
    if (!running) {
      running = attempt(force).finally(() => (running = undefined));
      return running;
    }
    queuedForce ||= force;
    queued ??= running.then(() => {
      const f = queuedForce;
      queued = undefined;
      queuedForce = false;
      return run(f);
    });
    return queued;
  };

  return Object.freeze({
    current: () => release,
    reload: () => run(true),
    check: () => run(false),
    refused: () => failed && { since: failed.since, error: failed.error },
    onChange: (listener: ChangeListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
}
