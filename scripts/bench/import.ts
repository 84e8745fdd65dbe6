// Benchmark: `npm run import` of a generated 100,000-review CSV merged into the sample data file, wall time and peak
// RSS of the import process. Runs: the first import (all new), a re-export with 1% of the reviews edited, the same
// export again (nothing changes). Usage: node scripts/bench/import.ts [--count 100000] [--keep] (keeps the files)
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./lib/data-sets.ts";
import { measuredRun } from "./lib/measured-run.ts";

const { values } = parseArgs({
  options: { count: { type: "string", default: "100000" }, keep: { type: "boolean", default: false } },
});
const count = Number(values.count);
const LIMIT = { seconds: 10, peakMb: 1024 };

const WORDS =
  "fast friendly tidy late fair price water heater furnace drain leak thermostat technician quote arrived explained fixed clean called again recommend".split(
    " ",
  );

/** A deterministic export: `edited` reviews (every 100th, when set) get a new text, rating, update time and reply. */
function exportCsv(n: number, edited: boolean): string {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const rows = [
    "id,source.platform,published_at,updated_at,rating,author.name,text,verified.method,owner_reply.text,owner_reply.published_at",
  ];
  const start = Date.parse("2021-01-01T00:00:00Z");
  for (let i = 0; i < n; i++) {
    const published = new Date(start + i * 900_000 + Math.floor(rand() * 600_000));
    const words = Array.from({ length: 8 + Math.floor(rand() * 40) }, () => WORDS[Math.floor(rand() * WORDS.length)]);
    const edit = edited && i % 100 === 0;
    const text = `"${words.join(" ")}${edit ? ", and they came back to fix it" : ""}, ""really""."`;
    const at = (ms: number) => new Date(published.getTime() + ms).toISOString();
    const replied = rand() < 0.3;
    const rating = 1 + Math.floor(rand() * 5);
    const reply = edit || replied ? `Thanks for the review!,${at(86_400_000)}` : ",";
    rows.push(
      `bench${i},yelp,${published.toISOString()},${edit ? at(3_600_000) : ""},${edit ? 5 : rating},Reviewer ${i % 5000},${text},platform,${reply}`,
    );
  }
  return `${rows.join("\r\n")}\r\n`;
}

async function measure(dataDir: string, file: string): Promise<{ seconds: number; peakMb: number; summary: string }> {
  const { code, out, seconds, peakMb } = await measuredRun("scripts/import.ts", ["--from", "csv", file], {
    ...process.env,
    DATA_DIR: dataDir,
  });
  if (code !== 0) throw new Error(`import failed with exit code ${code}:\n${out}`);
  const summary = out
    .split("\n")
    .filter((l) => /^\s+(added|changed|unchanged)\s/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/\s+/, " ")
        .replace(/^(\S+ \d+).*/, "$1"),
    )
    .join(", ");
  return { seconds, peakMb, summary };
}

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-import-"));
const dataDir = path.join(tmp, "data");
await mkdir(dataDir);
await copyFile(path.join(ROOT, "data/reviews.jsonl"), path.join(dataDir, "reviews.jsonl"));
const first = path.join(tmp, "export-1.csv");
const second = path.join(tmp, "export-2.csv");
await writeFile(first, exportCsv(count, false));
await writeFile(second, exportCsv(count, true));
console.log(
  `${count} reviews, CSV ${((await readFile(first)).length / 2 ** 20).toFixed(1)} MiB, into the 600 sample reviews`,
);
console.log("run                      wall_s   peak_rss_mb   result");
let ok = true;
for (const [name, file] of [
  ["first import", first],
  ["1% edited", second],
  ["same export again", second],
] as const) {
  const r = await measure(dataDir, file);
  ok &&= r.seconds < LIMIT.seconds && r.peakMb < LIMIT.peakMb;
  console.log(
    `${name.padEnd(22)} ${r.seconds.toFixed(2).padStart(8)}   ${r.peakMb.toFixed(0).padStart(11)}   ${r.summary}`,
  );
}
if (!values.keep) await rm(tmp, { recursive: true, force: true });
else console.log(`kept ${tmp}`);
console.log(ok ? `within the target (< ${LIMIT.seconds} s, < ${LIMIT.peakMb} MiB)` : "OVER the target");
process.exitCode = ok ? 0 : 1;
