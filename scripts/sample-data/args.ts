// Command-line options of generate-sample-data.ts, checked up front with messages that say what was expected.
import { parseCommandLine, UsageError } from "../lib/cli.ts";

export { UsageError };

export type CliOptions = { count: number; seed: number; out: string };

export const USAGE = `Usage: npm run generate -- [--count N] [--seed S] [--out DIR]

Writes DIR/reviews.jsonl with N sample reviews for data/business.json (and a copy of business.json when
DIR is not the data directory, so DIR is a complete data directory). Same options, same bytes.

  --count N   number of reviews, 1 to 1000000 (default 600)
  --seed S    PRNG seed, 0 to 4294967295 (default 1)
  --out DIR   output directory, created if missing (default data)`;

const MAX_COUNT = 1_000_000;
const MAX_SEED = 0xffff_ffff;

function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** The options, or "help" when --help was asked for. */
export function parseCli(argv: readonly string[]): CliOptions | "help" {
  const { values } = parseCommandLine({
    args: [...argv],
    options: {
      count: { type: "string" },
      seed: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const out = values.out ?? "data";
  if (out.trim() === "") throw new UsageError(`--out must name a directory, got "${out}"`);
  return {
    count: wholeNumber("count", values.count ?? "600", 1, MAX_COUNT),
    seed: wholeNumber("seed", values.seed ?? "1", 0, MAX_SEED),
    out,
  };
}
