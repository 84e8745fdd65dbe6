// `npm run hub:migrate`: moves the hub from its SQLite file to PostgreSQL before replicas start on it; safe to run again.
import { existsSync } from "node:fs";
import { isPostgresUrl, openHubDatabase } from "../sidecar/db/hub-database.ts";
import { parseCommandLine, UsageError } from "./lib/cli.ts";
import { copySqliteHub } from "./lib/hub-copy.ts";

const USAGE = `usage: npm run hub:migrate -- --from <hub.sqlite> --to <postgres://user:password@host/database>

Creates the hub schema in the PostgreSQL database (or finds it there) and copies the SQLite hub's subscriptions
(secrets, leases, failure counts), the topics' last pushed content hashes and the pending deliveries and
verifications. Rows the database already has are kept, so running it again copies nothing twice.
Stop the sidecar that writes the SQLite file first; then start the replicas with HUB_DB set to the URL.`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseCommandLine({
    args: argv,
    options: { from: { type: "string" }, to: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const problem = !values.from
    ? "--from is missing"
    : !existsSync(values.from)
      ? `--from: no such file: ${values.from}`
      : !values.to
        ? "--to is missing"
        : !isPostgresUrl(values.to)
          ? "--to: expected a postgres:// URL"
          : undefined;
  if (problem) throw new UsageError(problem);
  const database = openHubDatabase(values.to!, { applicationName: "reviews-service-hub-migrate", maxConnections: 1 });
  if (database.engine !== "postgres") return 2;
  try {
    const { read, copied } = await copySqliteHub(values.from!, database);
    for (const what of ["subscriptions", "topics", "deliveries", "verifications"] as const) {
      process.stdout.write(
        `${what}: ${read[what]} read, ${copied[what]} copied, ${read[what] - copied[what]} already there\n`,
      );
    }
    return 0;
  } catch (err) {
    process.stderr.write(`hub:migrate failed: ${(err as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  process.stderr.write(`${err.message}\n${USAGE}\n`);
  process.exitCode = 2;
}
