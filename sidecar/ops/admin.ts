// The admin listener's app (bound to 127.0.0.1 by the sidecar): GET /api/status with the process, queue and subscriber
// figures that the public status leaves out (the event loop's delays are those since the previous status request), and
// GET /healthz for probes that must not queue behind the public listener's load.
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { ApiError, errorHandler, notFoundHandler } from "../http/errors.ts";
import type { Hub } from "../websub/hub.ts";
import type { EventLoopDelay } from "./event-loop-delay.ts";
import { healthz, NO_STORE, type OpsDeps, statusBody } from "./routes.ts";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export type AdminDeps = OpsDeps & Readonly<{ eventLoop: EventLoopDelay }>;

export function createAdminApp(deps: AdminDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(deps.logger));
  app.notFound(notFoundHandler);

  // Only for this machine's names: a page elsewhere that rebinds its own name to 127.0.0.1 (DNS rebinding) sends its
  // own name as Host, and is refused before any figure is read.
  app.use("*", async (c, next) => {
    const host = (c.req.header("host") ?? "").toLowerCase().replace(/:\d+$/, "");
    if (!LOCAL_HOSTS.has(host))
      throw new ApiError(421, "misdirected_request", "The admin listener answers only Host 127.0.0.1 or localhost.");
    await next();
  });
  app.get("/healthz", (c) => healthz(c, deps));
  app.get("/api/status", async (c) => {
    const memory = process.memoryUsage();
    const body = {
      ...(await statusBody(deps, true)),
      websub: deps.hub ? snakeStats(await deps.hub.stats()) : null,
      process: {
        uptime_seconds: Math.round(process.uptime()),
        rss_bytes: memory.rss,
        heap_used_bytes: memory.heapUsed,
        external_bytes: memory.external,
        event_loop_delay_ms: deps.eventLoop.read(),
      },
    };
    return c.json(body, 200, NO_STORE);
  });
  return app;
}

function snakeStats(s: Awaited<ReturnType<Hub["stats"]>>) {
  return {
    subscriptions: {
      active: s.subscriptions.active,
      expired: s.subscriptions.expired,
      by_topic: s.subscriptions.byTopic,
    },
    verifications_pending: s.verificationsPending,
    deliveries_pending: s.deliveriesPending,
    deliveries_in_flight: s.deliveriesInFlight,
    worker: { in_flight: s.worker.inFlight, concurrency: s.worker.concurrency },
  };
}
