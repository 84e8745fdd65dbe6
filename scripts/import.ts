// `npm run import`: brings reviews from a platform's export into data/reviews.jsonl (see docs/import.md).
import { ConfigError, loadConfig } from "../src/config.ts";
import { CSV_FIELDS } from "../src/import/formats/csv.ts";
import { FORMATS, isFormatName } from "../src/import/formats/index.ts";
import { type ImportOptions, runImport } from "../src/import/run-import.ts";
import { acquireDataLock, LockHeldError } from "../src/lib/data-lock.ts";
import { parseCommandLine, UsageError } from "./lib/cli.ts";

const USAGE = `usage: npm run import -- [--from <format>] FILE... [--dry-run] [--prune] [--skip-invalid] [--include-unverified]
                         [--platform NAME] [--map "Column=field"]...

formats: ${FORMATS.join(", ")} (google: Business Profile API or Takeout JSON; trustpilot: Business API JSON or the CSV
export; csv: a header row of data-model fields, see docs/import.md). Without --from, each file's format is told by its
content (Google and Trustpilot exports). Writes DATA_DIR/reviews.jsonl (default data/).`;

/** Exit codes beside runImport's 0 (imported) and 1 (input refused): a usage or configuration error, an I/O failure. */
const EXIT_USAGE = 2;
/** Another writer (a sync, an import or a build) holds DATA_DIR: the same code for all three commands. */
const EXIT_LOCKED = 3;
const EXIT_IO = 4;

export function importOptions(argv: readonly string[], dataDir: string, now: number): ImportOptions {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      from: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      prune: { type: "boolean", default: false },
      "skip-invalid": { type: "boolean", default: false },
      "include-unverified": { type: "boolean", default: false },
      platform: { type: "string" },
      map: { type: "string", multiple: true },
    },
  });
  if (values.from !== undefined && !isFormatName(values.from))
    throw new UsageError(`--from: unknown format '${values.from}'; valid formats: ${FORMATS.join(", ")}`);
  if (positionals.length === 0) throw new UsageError("no export FILE given");
  if (values.from !== "csv" && (values.platform !== undefined || values.map !== undefined))
    throw new UsageError(
      `--platform and --map are for --from csv only (${values.from ?? "Google and Trustpilot"} files name their own fields)`,
    );
  if (values.platform !== undefined && !/^[a-z][a-z0-9-]{0,31}$/.test(values.platform))
    throw new UsageError(
      `--platform: expected a short lower-case token such as yelp or nextdoor, got '${values.platform}'`,
    );
  const map = new Map<string, string>();
  for (const entry of values.map ?? []) {
    const eq = entry.lastIndexOf("=");
    const column = entry.slice(0, eq).trim();
    const field = entry.slice(eq + 1).trim();
    if (eq < 1 || column === "") throw new UsageError(`--map: expected "Column=field", got '${entry}'`);
    if (!(CSV_FIELDS as readonly string[]).includes(field))
      throw new UsageError(`--map ${entry}: unknown field '${field}'; fields: ${CSV_FIELDS.join(", ")}`);
    map.set(column, field);
  }
  return {
    format: values.from ?? null,
    files: positionals,
    dataDir,
    dryRun: values["dry-run"],
    prune: values.prune,
    skipInvalid: values["skip-invalid"],
    includeUnverified: values["include-unverified"],
    formatOptions: { ...(values.platform ? { platform: values.platform } : {}), ...(map.size > 0 ? { map } : {}) },
    now,
  };
}

if (import.meta.main) {
  try {
    const options = importOptions(process.argv.slice(2), loadConfig().dataDir, Date.now());
    const lock = options.dryRun ? null : await acquireDataLock(options.dataDir, "npm run import");
    const outcome = await runImport(options).finally(() => lock?.release());
    console.log(outcome.summary);
    (outcome.code === 0 ? console.log : console.error)(outcome.verdict);
    process.exitCode = outcome.code;
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof LockHeldError) {
      console.error(err instanceof UsageError ? `${err.message}\n\n${USAGE}` : err.message);
      process.exitCode = err instanceof LockHeldError ? EXIT_LOCKED : EXIT_USAGE;
    } else {
      // Reading the data or writing it failed (permissions, a full disk): the data file is the old one or the new one.
      console.error(`import failed reading or writing the data, nothing was changed: ${(err as Error).message}`);
      process.exitCode = EXIT_IO;
    }
  }
}
