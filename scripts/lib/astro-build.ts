// Runs `astro build` (which validates, derives, hashes and atomically publishes) as a child process.
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { releasePaths } from "../../src/build/release-paths.ts";
import type { Config } from "../../src/config.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ASTRO_BIN = fileURLToPath(new URL("../../node_modules/astro/bin/astro.mjs", import.meta.url));

/**
 * A 32 MB young generation: fewer scavenges of the build's short-lived objects (1-2 s of a 100k rebuild's 21-23 s on
 * this machine), and no more peak memory than the default.
 */
export const BUILD_NODE_OPTIONS = ["--max-semi-space-size=32"];

/** Resolves when the build has published; rejects with the exit code otherwise (Astro has printed why). */
export async function astroBuild(config: Config, extraEnv: Record<string, string> = {}): Promise<void> {
  let pid: number | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [...BUILD_NODE_OPTIONS, ASTRO_BIN, "build", "--silent"], {
        cwd: ROOT,
        stdio: "inherit",
        // Telemetry would try the network on every build; builds here must work offline.
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ...extraEnv },
      });
      pid = child.pid;
      child.on("error", reject);
      child.on("exit", (code, signal) =>
        code === 0
          ? resolve()
          : reject(
              new Error(`astro build failed (${signal ?? `exit code ${code}`}); ${config.distDir} was left as it was`),
            ),
      );
    });
  } catch (err) {
    // The failed build's half-written staging directory is of no use to anyone.
    if (pid !== undefined)
      await rm(releasePaths(config.distDir, String(pid)).stagingDir, { recursive: true, force: true });
    throw err;
  }
}
