// Runs `astro build` (which validates, derives, hashes and atomically publishes) as a child process.
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { releasePaths } from "../../src/build/release-paths.ts";
import type { Config } from "../../src/config.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ASTRO_BIN = fileURLToPath(new URL("../../node_modules/astro/bin/astro.mjs", import.meta.url));

/**
 * A 32 MB young generation from the start, and an old generation that starts at 1 GB: the build's heap grows to hold
 * 100k reviews and their analyses, and a heap sized as it goes is collected again and again on the way up. `gc` is
 * exposed for a full build to give its heap's free memory back between stages (src/build/release-memory.ts).
 */
export const BUILD_NODE_OPTIONS = [
  "--min-semi-space-size=32",
  "--max-semi-space-size=32",
  "--initial-old-space-size=1024",
  "--expose-gc",
];

/**
 * The build's environment. glibc's malloc asks for transparent huge pages (madvise) for the build's large buffers, as
 * the sidecar does (sidecar/node-options.ts): /reviews.json is 100 MB at 100k reviews and is read, assembled and
 * compressed in memory that a virtual machine faults in 4 KB at a time, each fault slow.
 */
export const BUILD_ENV: Readonly<Record<string, string>> = {
  // Two malloc arenas rather than one per thread: each worker thread that compresses or reads a large file otherwise
  // keeps an arena of its own of up to 64 MB, freed but resident, 150-200 MB at a 100k full build's end.
  GLIBC_TUNABLES: "glibc.malloc.hugetlb=1:glibc.malloc.arena_max=2",
  // Vite's bundler allocates with mimalloc, which keeps the memory it frees for reuse unless told to return it:
  // 130-170 MB of a 100k build's peak, bundling long done, against 83-96 MB when it returns freed memory at once.
  MIMALLOC_PURGE_DELAY: "0",
  // V8's compile cache, where `module.enableCompileCache()` keeps the sidecar's: a build would otherwise compile Astro,
  // Vite and its own TypeScript afresh, and each worker thread strip its TypeScript again.
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), "node-compile-cache"),
};

/**
 * Resolves when the build has published; rejects with the exit code otherwise (Astro has printed why). `config` may
 * still be loading, as the build starts: it is needed only to clean up after a failed build. One that does not load
 * stops the build, and its error is the one reported (the build, which loads it too, has usually not got that far).
 */
export async function astroBuild(
  config: Config | Promise<Config>,
  extraEnv: Record<string, string> = {},
): Promise<void> {
  const loading = Promise.resolve(config);
  // Observed even if spawning throws before it is awaited.
  loading.catch(() => {});
  const child = spawn(process.execPath, [...BUILD_NODE_OPTIONS, ASTRO_BIN, "build", "--silent"], {
    cwd: ROOT,
    stdio: "inherit",
    // Telemetry would try the network on every build; builds here must work offline.
    env: { ...BUILD_ENV, ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ...extraEnv },
  });
  const failure = new Promise<string | null>((resolve) => {
    child.on("error", (err) => resolve(err.message));
    child.on("exit", (code, signal) => resolve(code === 0 ? null : (signal ?? `exit code ${code}`)));
  });
  let loaded: Config;
  try {
    loaded = await loading;
  } catch (err) {
    // Killed while it starts, the build has usually not printed the same error yet.
    child.kill();
    await failure;
    throw err;
  }
  const failed = await failure;
  if (failed === null) return;
  // The failed build's half-written staging directory is of no use to anyone.
  if (child.pid !== undefined)
    await rm(releasePaths(loaded.distDir, String(child.pid)).stagingDir, { recursive: true, force: true });
  throw new Error(`astro build failed (${failed}); ${loaded.distDir} was left as it was`);
}
