// `npm start [-- --allow-empty] [-- --allow-shrink]`: builds the site (passing those flags to the build) when DIST_DIR
// is missing or was built from other data or another SITE_URL, then runs the sidecar in a process of its own. The build
// and the sidecar read the same configuration (src/config.ts): SITE_URL unset, both use the address it listens on.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readSourceHash } from "../src/build/source.ts";
import { loadConfig } from "../src/config.ts";
import { INDEX_FILE_FORMAT } from "../src/lib/search/index-file.ts";
import { RELEASE_DB_FORMAT } from "../src/lib/release-db/schema.ts";
import { runBuild } from "./lib/build-site.ts";

// The flags are checked here and passed on to the build as they are.
const buildArgs = process.argv.slice(2);
try {
  parseArgs({ args: buildArgs, options: { "allow-empty": { type: "boolean" }, "allow-shrink": { type: "boolean" } } });
} catch (err) {
  console.error(`${(err as Error).message}\nusage: npm start [-- --allow-empty] [--allow-shrink]`);
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

async function upToDate(): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(path.join(config.distDir, "manifest.json"), "utf8")) as Partial<{
      source_hash: string;
      site_url: string;
      search_index: { format?: number };
      release_db: { format?: number };
    }>;
    return (
      manifest.source_hash === readSourceHash(config.dataDir) &&
      manifest.site_url === config.siteUrl &&
      // A release from before the search index file or the release database, or with one this sidecar cannot read,
      // is built again.
      manifest.search_index?.format === INDEX_FILE_FORMAT &&
      manifest.release_db?.format === RELEASE_DB_FORMAT
    );
  } catch {
    return false;
  }
}

try {
  if (await upToDate()) console.log(`${config.distDir} is up to date with ${config.dataDir}`);
  else {
    console.log(`building ${config.distDir} from ${config.dataDir} for ${config.siteUrl} ...`);
    await runBuild({}, buildArgs);
  }
} catch {
  // The build has printed why; a flag it asks for is given to `npm start` after `--`.
  console.error(
    "npm start: the build failed; to pass it a flag it names: npm start -- --allow-shrink (or --allow-empty)",
  );
  process.exit(1);
}

// The sidecar runs in a process of its own, as `npm run serve` starts it.
const sidecar = spawn(process.execPath, [fileURLToPath(new URL("../sidecar/main.ts", import.meta.url))], {
  stdio: "inherit",
});
// Ctrl-C reaches both processes; a signal sent to this one alone is passed on. Either way the sidecar shuts down itself.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => sidecar.kill(signal));
sidecar.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
