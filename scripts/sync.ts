// `npm run sync`: fetches the reviews of Google Business Profile and Trustpilot, merges them into data/, and builds
// the release when they changed; with --every, keeps doing so on a schedule (see docs/sync.md).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import cron from "node-cron";
import { ConfigError, type Config, loadConfig } from "../src/config.ts";
import { createHttp, DEFAULT_HTTP, mask } from "../src/sync/http.ts";
import { configuredSecrets, EXIT, runSync } from "../src/sync/run-sync.ts";
import { PLATFORMS, type Mode, type Platform } from "../src/sync/types.ts";
import { parseCommandLine, UsageError } from "./lib/cli.ts";

const DEFAULT_FULL_EVERY = "17 4 * * *";

const USAGE = `usage: npm run sync -- [--source google|trustpilot] [--dry-run] [--no-build] [--full | --incremental]
                       [--every <cron> [--full-every <cron>]]

Without --every: one full listing of each configured source (--incremental: an incremental one, for timers), then a
build if the data changed (--no-build: left to the caller, as the publish workflow does).
--every: an incremental listing (newest first, up to the first page with nothing new) on that schedule, and a full
listing (the only one that removes reviews) on --full-every's (default "${DEFAULT_FULL_EVERY}", daily); --full also lists
in full at once. --dry-run fetches and prints the diff, and writes nothing.
exit codes: 0 synced; 1 the build (or the sync itself) failed; 2 usage or configuration; 3 another sync, import or build holds data/;
4 Google failed; 5 Trustpilot failed; 6 both failed; 7 data/ must be fixed first.`;

type SyncArgs = Readonly<{
  sources: readonly Platform[];
  dryRun: boolean;
  full: boolean;
  incremental: boolean;
  build: boolean;
  every: string | null;
  fullEvery: string;
}>;

function syncArgs(argv: readonly string[]): SyncArgs {
  const { values } = parseCommandLine({
    args: [...argv],
    options: {
      source: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      full: { type: "boolean", default: false },
      incremental: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      every: { type: "string" },
      "full-every": { type: "string" },
    },
  });
  const source = values.source;
  if (source !== undefined && !(PLATFORMS as readonly string[]).includes(source))
    throw new UsageError(`--source: expected google or trustpilot, got '${source}'`);
  for (const [flag, pattern] of [
    ["--every", values.every],
    ["--full-every", values["full-every"]],
  ] as const)
    if (pattern !== undefined && !cron.validate(pattern))
      throw new UsageError(`${flag}: '${pattern}' is not a cron expression, e.g. "*/15 * * * *" (every 15 minutes)`);
  if (values.full && values.incremental) throw new UsageError("--full and --incremental: choose one");
  if (values.incremental && values.every !== undefined)
    throw new UsageError("--incremental goes without --every (--every runs are incremental)");
  if (values["full-every"] !== undefined && values.every === undefined)
    throw new UsageError("--full-every goes with --every (a run by hand always lists in full)");
  return {
    sources: source ? [source as Platform] : PLATFORMS,
    dryRun: values["dry-run"],
    full: values.full,
    incremental: values.incremental,
    build: !values["no-build"],
    every: values.every ?? null,
    fullEvery: values["full-every"] ?? DEFAULT_FULL_EVERY,
  };
}

/** The sources to sync: those asked for, each configured; a source asked for by name must be configured. */
function sourcesToSync(config: Config, args: SyncArgs): Platform[] {
  const configured = args.sources.filter((p) => config.sync[p] !== null);
  if (args.sources.length === 1 && configured.length === 0) {
    const vars =
      args.sources[0] === "google"
        ? "GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN and GOOGLE_LOCATION"
        : "TRUSTPILOT_API_KEY and TRUSTPILOT_BUSINESS_UNIT_ID";
    throw new ConfigError(`--source ${args.sources[0]}: not configured; set ${vars} (docs/sync.md)`);
  }
  if (configured.length === 0)
    throw new ConfigError(
      "no source configured: set the GOOGLE_* or TRUSTPILOT_* variables of the platform to sync from (docs/sync.md)",
    );
  return configured;
}

/** The build as its own process (this process holds the data lock; the build, its child, may build under it). */
function runBuild(): Promise<boolean> {
  const script = fileURLToPath(new URL("./build.ts", import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
}

async function once(config: Config, sources: Platform[], mode: Mode, args: SyncArgs): Promise<number> {
  const http = createHttp({ ...DEFAULT_HTTP, timeoutMs: config.sync.timeoutSeconds * 1000 });
  const outcome = await runSync({
    config,
    sources,
    mode,
    dryRun: args.dryRun,
    http,
    build: args.build ? runBuild : null,
    now: Date.now,
    print: (line) => console.log(line),
  });
  return outcome.code;
}

/** Syncs on the schedules until SIGINT or SIGTERM; one sync at a time, a full listing due meanwhile runs next. */
function scheduled(config: Config, sources: Platform[], args: SyncArgs, every: string): void {
  let running: Promise<void> | null = null;
  let fullDue = args.full;
  const tick = (mode: Mode) => {
    if (mode === "full") fullDue = true;
    if (running) return;
    running = (async () => {
      do {
        const next: Mode = fullDue ? "full" : mode;
        fullDue = false;
        console.log(`${new Date().toISOString()} sync (${next})`);
        await once(config, sources, next, args).catch((err: Error) =>
          console.error(`sync failed: ${mask(err.message, configuredSecrets(config))}`),
        );
      } while (fullDue);
    })().finally(() => {
      running = null;
    });
  };
  const tasks = [cron.schedule(every, () => tick("incremental")), cron.schedule(args.fullEvery, () => tick("full"))];
  console.log(`syncing ${sources.join(" and ")} on "${every}" (full listing on "${args.fullEvery}"); Ctrl-C stops`);
  if (args.full) tick("full");
  const stop = () => {
    for (const t of tasks) void t.stop();
    void Promise.resolve(running).then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (import.meta.main) {
  try {
    const args = syncArgs(process.argv.slice(2));
    const config = loadConfig();
    const sources = sourcesToSync(config, args);
    if (args.every) scheduled(config, sources, args, args.every);
    else process.exitCode = await once(config, sources, args.incremental ? "incremental" : "full", args);
  } catch (err) {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof ConfigError) console.error(err.message);
    else console.error(`sync failed: ${(err as Error).message}`);
    process.exitCode = err instanceof UsageError || err instanceof ConfigError ? EXIT.usage : EXIT.build;
  }
}
