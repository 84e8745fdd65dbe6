// Operations endpoints: GET /healthz (touches the hub database) and GET /api/status (release, subscription and outbox counts).
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { Release } from "../release/release.ts";
import type { Logger } from "../log.ts";
import type { Hub } from "../websub/hub.ts";

export type OpsDeps = Readonly<{ release: () => Release; hub?: Hub; logger: Logger }>;

const NO_STORE = { "cache-control": "no-store" };

export function opsRoutes(deps: OpsDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/healthz", async (c) => {
    const release = deps.release().id;
    if (!deps.hub) return c.json({ status: "ok", release }, 200, NO_STORE);
    try {
      await deps.hub.healthCheck();
      return c.json({ status: "ok", release, hub_db: "ok" }, 200, NO_STORE);
    } catch (err) {
      deps.logger.error("health check: the hub database does not answer", { err: err as Error });
      return c.json({ status: "unavailable", release, hub_db: "error" }, 503, NO_STORE);
    }
  });

  app.get("/api/status", async (c) => {
    const current = deps.release();
    const memory = process.memoryUsage();
    const body = {
      release: { id: current.id, updated_at: current.manifest.updated_at },
      websub: deps.hub ? snakeStats(await deps.hub.stats()) : null,
      process: {
        uptime_seconds: Math.round(process.uptime()),
        rss_bytes: memory.rss,
        heap_used_bytes: memory.heapUsed,
        external_bytes: memory.external,
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
