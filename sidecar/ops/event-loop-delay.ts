// How late the sidecar's event loop ran, for the admin status: a timer due every RESOLUTION_MS, and how much later than
// that it fired. Work done on the loop instead of off it (a body compressed in one go, a long synchronous query) shows
// here as one long delay, however the requests around it were timed from outside.
import { monitorEventLoopDelay } from "node:perf_hooks";

const RESOLUTION_MS = 10;

type EventLoopDelaySummary = Readonly<{ p50: number; p99: number; max: number; samples: number }>;

export type EventLoopDelay = Readonly<{
  /** The delays in milliseconds since the previous read (or the start), then starts over, as metric scrapers expect. */
  read(): EventLoopDelaySummary;
  stop(): void;
}>;

export function watchEventLoopDelay(): EventLoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The histogram holds the intervals between the timer's turns; the delay is what each took beyond its period.
  const late = (ns: number) =>
    histogram.count === 0 ? 0 : Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  return Object.freeze({
    read: () => {
      const summary = {
        p50: late(histogram.percentile(50)),
        p99: late(histogram.percentile(99)),
        max: late(histogram.max),
        samples: histogram.count,
      };
      histogram.reset();
      return summary;
    },
    stop: () => histogram.disable(),
  });
}
