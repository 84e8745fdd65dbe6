// Public operations endpoints: GET /healthz (touches the hub database) and GET /api/status (release, health and sync;
// the process, queue and subscriber figures are on the admin listener, see admin.ts).
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { Release } from "../release/release.ts";
import type { Logger } from "../log.ts";
import type { Hub } from "../websub/hub.ts";
import { syncStatus } from "./sync-status.ts";

/** dataDir: where `npm run sync` keeps its state; the status shows it when there is one. */
export type OpsDeps = Readonly<{ release: () => Release; hub?: Hub; logger: Logger; dataDir?: string }>;

export const NO_STORE = { "cache-control": "no-store" };

/** Whether the hub database answers; "none" when the app runs without a hub. */
export async function hubHealth(deps: OpsDeps): Promise<"ok" | "error" | "none"> {
  if (!deps.hub) return "none";
  try {
    await deps.hub.healthCheck();
    return "ok";
  } catch (err) {
    deps.logger.error("health check: the hub database does not answer", { err: err as Error });
    return "error";
  }
}

/** GET /healthz, on the public listener and the admin one (which keeps answering when the public one is full). */
export async function healthz(c: Context<AppEnv>, deps: OpsDeps): Promise<Response> {
  const release = deps.release().id;
  const hub = await hubHealth(deps);
  if (hub === "none") return c.json({ status: "ok", release }, 200, NO_STORE);
  if (hub === "ok") return c.json({ status: "ok", release, hub_db: "ok" }, 200, NO_STORE);
  return c.json({ status: "unavailable", release, hub_db: "error" }, 503, NO_STORE);
}

export function opsRoutes(deps: OpsDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/healthz", (c) => healthz(c, deps));

  app.get("/api/status", async (c) => {
    const current = deps.release();
    const status = (await hubHealth(deps)) === "error" ? "unavailable" : "ok";
    const sync = deps.dataDir === undefined ? null : await syncStatus(deps.dataDir, false);
    const body = {
      status,
      release: { id: current.id, updated_at: current.manifest.updated_at },
      ...(sync && { sync }),
    };
    return c.json(body, 200, NO_STORE);
  });

  return app;
}
