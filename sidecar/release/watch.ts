// Notices a new release: a watch on DIST_DIR's parent (the symlink is replaced there) plus a periodic re-check.
import { type FSWatcher, watch } from "node:fs";
import path from "node:path";
import type { Logger } from "../log.ts";

export type ReleaseWatcher = Readonly<{ close: () => void }>;

export type WatchOptions = Readonly<{
  distDir: string;
  intervalSeconds: number;
  /** Looks at DIST_DIR again; expected to be cheap when nothing changed and to never reject. */
  check: () => Promise<unknown>;
  logger: Logger;
  /** Events come in bursts (rename of the temporary link, then the link itself); one check after the burst. */
  debounceMs?: number;
}>;

/**
 * The periodic check is a plain timer rather than a cron pattern: DIST_CHECK_INTERVAL may be any number of
 * seconds, and `*\/7` seconds in cron fires unevenly at each minute boundary.
 */
export function watchRelease(options: WatchOptions): ReleaseWatcher {
  const { distDir, check, logger } = options;
  const abs = path.resolve(distDir);
  const name = path.basename(abs);
  let debounce: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => void check(), options.debounceMs ?? 50);
    debounce.unref();
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(path.dirname(abs), { persistent: false }, (_event, filename) => {
      if (filename === null || filename === name) schedule();
    });
    watcher.on("error", (err) => {
      logger.warn("watching for new releases failed; relying on the periodic check", { err });
      watcher?.close();
    });
  } catch (err) {
    logger.warn("cannot watch for new releases; relying on the periodic check", { err: err as Error });
  }

  const timer = setInterval(() => void check(), options.intervalSeconds * 1000);
  timer.unref();

  return Object.freeze({
    close: () => {
      clearInterval(timer);
      clearTimeout(debounce);
      watcher?.close();
    },
  });
}
