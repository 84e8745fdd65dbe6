// Aspect-based sentiment for review text on the command line: one JSON line in, one JSON line out, in order.
// Usage: npm exec -- node scripts/analyze.ts [--taxonomy FILE] < in.jsonl > out.jsonl
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { type Analyzer, createAnalyzer } from "../src/lib/insights/engine/analyze.ts";
import { parseTaxonomy } from "../src/lib/insights/taxonomy.ts";

const USAGE = `Usage: npm exec -- node scripts/analyze.ts [--taxonomy FILE] < in.jsonl > out.jsonl

Each input line is a JSON object {"id", "text", "rating"?} (other members are ignored, so reviews.jsonl works as is).
Each output line is {"id", "sentiment": {"label", "score"}, "aspects": [{"aspect", "sentiment", "evidence"}]},
one per input line, in input order. --taxonomy replaces the default home-services taxonomy with a JSON file.
Exit status: 0 on success, 1 on bad input (the message names the line), 2 on bad arguments or taxonomy.`;

const Input = z
  .object({
    id: z.union([z.string().min(1), z.number()]),
    text: z.string().nullable(),
    rating: z.int().min(1).max(5).nullable().optional(),
  })
  .loose();

class UsageError extends Error {}

function analyzer(argv: string[]): Analyzer {
  let values: { taxonomy?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { taxonomy: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (values.taxonomy === undefined) return createAnalyzer();
  let raw: string;
  try {
    raw = readFileSync(values.taxonomy, "utf8");
  } catch (err) {
    throw new UsageError(
      `--taxonomy: cannot read ${values.taxonomy} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new UsageError(`--taxonomy: ${values.taxonomy} is not valid JSON (${(err as Error).message})`);
  }
  try {
    return createAnalyzer({ taxonomy: parseTaxonomy(json, values.taxonomy) });
  } catch (err) {
    throw new UsageError(`--taxonomy: ${(err as Error).message}`);
  }
}

/** The output line for one input line, or an error message naming what is wrong with it. */
function analyzeLine(engine: Analyzer, line: string): string | { error: string } {
  if (line.trim() === "") return { error: 'empty line (expected a JSON object {"id", "text", "rating"?})' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { error: `invalid JSON (${(err as Error).message})` };
  }
  const parsed = Input.safeParse(value);
  if (!parsed.success) {
    return {
      error: parsed.error.issues.map((i) => `${i.path.length ? i.path.join(".") : "(line)"}: ${i.message}`).join("; "),
    };
  }
  const { id, text, rating } = parsed.data;
  const a = engine.analyze(text, rating ?? null);
  return JSON.stringify({
    id,
    sentiment: a.sentiment,
    aspects: a.aspects.map(({ aspect, sentiment, evidence }) => ({ aspect, sentiment, evidence })),
  });
}

async function main(): Promise<number> {
  let engine: Analyzer;
  try {
    engine = analyzer(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`analyze: ${err.message}\n`);
    return 2;
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let n = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const chunk = batch.join("\n") + "\n";
    batch = [];
    if (!process.stdout.write(chunk)) await new Promise<void>((resolve) => process.stdout.once("drain", resolve));
  };
  for await (const line of lines) {
    n++;
    const out = analyzeLine(engine, line);
    if (typeof out !== "string") {
      await flush();
      process.stderr.write(`analyze: stdin line ${n}: ${out.error}\n`);
      return 1;
    }
    batch.push(out);
    if (batch.length >= 256) await flush();
  }
  await flush();
  return 0;
}

process.exitCode = await main();
