// Public operations endpoints: GET /healthz (liveness: touches the hub database) and GET /api/status (release, a newer
// release refused, health and sync; the process, queue and subscriber figures are on the admin listener, see admin.ts).
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { ReleaseError } from "../release/load.ts";
import type { Release } from "../release/release.ts";
import type { RefusedRelease } from "../release/release-store.ts";
import type { Logger } from "../log.ts";
import type { Hub } from "../websub/hub.ts";
import { syncStatus } from "./sync-status.ts";

/**
 * dataDir: where `npm run sync` keeps its state; the status shows it when there is one. refused: the release DIST_DIR
 * points at when the sidecar refused it.
 */
export type OpsDeps = Readonly<{
  release: () => Release;
  hub?: Hub;
  logger: Logger;
  dataDir?: string;
  refused?: () => RefusedRelease | undefined;
}>;

export const NO_STORE = { "cache-control": "no-store" };

/** Whether the hub database answers; "none" when the app runs without a hub. */
async function hubHealth(deps: OpsDeps): Promise<"ok" | "error" | "none"> {
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

/**
 * /api/status as both listeners show it: the overall word ("unavailable" when the hub database does not answer,
 * "stale" when the newest release was refused and an older one is served, else "ok"), the release, the refused one
 * with what to do (a release built for another SITE_URL says which to build with) and the sync. `detail`, for the admin
 * listener, adds the release's file count and the errors themselves, which name files on this machine.
 */
export async function statusBody(deps: OpsDeps, detail: boolean) {
  const current = deps.release();
  const refused = deps.refused?.();
  const hub = await hubHealth(deps);
  const sync = deps.dataDir === undefined ? null : await syncStatus(deps.dataDir, detail);
  const error = refused?.error;
  const remedy = error instanceof ReleaseError ? error.remedy : "Build the site again: the release could not be read.";
  return {
    status: hub === "error" ? "unavailable" : refused ? "stale" : "ok",
    release: { id: current.id, updated_at: current.manifest.updated_at, ...(detail && { files: current.files.size }) },
    ...(refused && { refused_release: { since: refused.since, remedy, ...(detail && { error: error!.message }) } }),
    ...(sync && { sync }),
  };
}

export function opsRoutes(deps: OpsDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/healthz", (c) => healthz(c, deps));

  app.get("/api/status", async (c) => c.json(await statusBody(deps, false), 200, NO_STORE));

  return app;
}
