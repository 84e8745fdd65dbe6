// Test helper: the sidecar built in-process by createSidecar on a release, listening on a random loopback port, with
// what it logs kept for the test to read.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { createSidecar, type Sidecar, type SidecarOverrides } from "../../sidecar/sidecar.ts";
import { TEST_SITE } from "./build.ts";
import { memoryLogger } from "./logger.ts";

export type TestSidecar = Readonly<{
  url: string;
  sidecar: Sidecar;
  logs: ReturnType<typeof memoryLogger>["records"];
  /** Stops the sidecar and removes its hub database. */
  stop: () => Promise<void>;
}>;

/** `env` is the configuration over DIST_DIR `distDir`, SITE_URL the test site, port 0 and a fresh hub database. */
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
    SITE_URL: TEST_SITE,
    HUB_DB: path.join(tmp, "hub.sqlite"),
    ...env,
  });
  const logger = memoryLogger();
  const sidecar = await createSidecar(config, { logger, overrides });
  const url = await sidecar.start();
  return {
    url,
    sidecar,
    logs: logger.records,
    stop: async () => {
      await sidecar.stop();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
