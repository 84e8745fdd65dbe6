// Test helper: the sidecar built in-process by createSidecar on a release, listening on a random loopback port, with
// its log lines kept as the process would write them, and the hub reachable as subscribers reach it.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type PostOptions, type PostReply, postForm } from "../../scripts/lib/hub-form.ts";
import type { LogLine } from "../../scripts/lib/sidecar-process.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../sidecar/log.ts";
import { createSidecar, type Sidecar, type SidecarOverrides } from "../../sidecar/sidecar.ts";
import { TEST_SITE } from "./build.ts";

export type TestSidecar = Readonly<{
  url: string;
  sidecar: Sidecar;
  /** Every line the sidecar logged, parsed. */
  logs: LogLine[];
  post(form: Record<string, string | string[]> | string, options?: PostOptions): Promise<PostReply>;
  get(path: string): Promise<Response>;
  /** GETs a path of the admin listener (ADMIN_PORT 0 unless `env` says otherwise). */
  admin(path: string): Promise<Response>;
  /** Stops the sidecar (in order, as SIGTERM would) and removes its hub database unless it was given. */
  stop: () => Promise<void>;
}>;

/**
 * `env` is the configuration over DIST_DIR `distDir`, SITE_URL the test site, port 0, an admin listener on port 0 and a
 * fresh hub database.
 */
export async function startTestSidecar(
  distDir: string,
  env: Record<string, string> = {},
  overrides: SidecarOverrides = {},
): Promise<TestSidecar> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "sidecar-test-"));
  const config = loadConfig({
    DIST_DIR: distDir,
    HOST: "127.0.0.1",
    PORT: "0",
    ADMIN_PORT: "0",
    SITE_URL: TEST_SITE,
    HUB_DB: path.join(tmp, "hub.sqlite"),
    ...env,
  });
  const logs: LogLine[] = [];
  const keep = (line: string) => void logs.push(JSON.parse(line) as LogLine);
  const sidecar = await createSidecar(config, { logger: createLogger(keep, keep), overrides });
  const url = await sidecar.start();
  return {
    url,
    sidecar,
    logs,
    post: (form, options) => postForm(url, form, options),
    get: (p: string) => fetch(`${url}${p}`),
    admin: async (p: string) => {
      const adminUrl = sidecar.adminUrl();
      if (adminUrl === undefined) throw new Error("this sidecar runs without an admin listener (ADMIN_PORT unset)");
      return fetch(`${adminUrl}${p}`);
    },
    stop: async () => {
      await sidecar.stop();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
