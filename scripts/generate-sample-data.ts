// CLI: writes N deterministic sample reviews for data/business.json to DIR/reviews.jsonl (see --help).
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { BusinessFile } from "../src/lib/schema/business.ts";
import { parseCli, UsageError, USAGE } from "./sample-data/args.ts";
import { reviewLines } from "./sample-data/generate.ts";

// The catalog always comes from the repository's data, whatever the working directory or --out.
const DATA_DIR = fileURLToPath(new URL("../data/", import.meta.url));

async function main(argv: readonly string[]): Promise<number> {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const businessFile = path.join(DATA_DIR, "business.json");
  const businessText = await readFile(businessFile, "utf8");
  const parsed = BusinessFile.safeParse(JSON.parse(businessText));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    process.stderr.write(`${businessFile} is invalid, so no reviews were generated:\n${problems}\n`);
    return 1;
  }

  const started = performance.now();
  const out = path.resolve(options.out);
  await mkdir(out, { recursive: true });
  const target = path.join(out, "reviews.jsonl");
  // Write beside the target and rename, so a failed or interrupted run never leaves a truncated data set.
  const staging = path.join(out, `.reviews.jsonl.${process.pid}.tmp`);
  try {
    await pipeline(Readable.from(reviewLines(parsed.data, options)), createWriteStream(staging));
    await rename(staging, target);
  } catch (err) {
    await rm(staging, { force: true });
    throw err;
  }
  if (out !== path.resolve(DATA_DIR)) await writeFile(path.join(out, "business.json"), businessText);

  const ms = Math.round(performance.now() - started);
  const shown = path.relative(process.cwd(), target);
  process.stdout.write(
    `Wrote ${options.count} reviews (seed ${options.seed}) to ${shown.startsWith("..") ? target : shown} in ${ms} ms\n`,
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  // File-system failures (unwritable --out, missing business.json) are the user's to fix: say which, no stack.
  process.stderr.write(`generate-sample-data: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
