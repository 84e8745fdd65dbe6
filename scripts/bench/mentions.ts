// Benchmark: the build's mention matcher over the sample reviews' titles and texts, repeated (600 x 50 = 30,000 texts).
// Usage: node scripts/bench/mentions.ts [--times 50] [--runs 5]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { mentionMatcher } from "../../src/lib/reviews/mentions.ts";
import { BusinessFile } from "../../src/lib/schema/business.ts";

const { values } = parseArgs({
  options: { times: { type: "string", default: "50" }, runs: { type: "string", default: "5" } },
});
const business = BusinessFile.parse(JSON.parse(readFileSync("data/business.json", "utf8")));
const texts = readFileSync("data/reviews.jsonl", "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as { title?: string | null; text?: string | null })
  .map((r) => [r.title, r.text].filter((s) => typeof s === "string").join("\n"));
const all = Array.from({ length: Number(values.times) }, () => texts).flat();

const match = mentionMatcher(business);
const times: number[] = [];
let found = 0;
for (let run = 0; run < Number(values.runs); run++) {
  const t0 = performance.now();
  found = 0;
  for (const text of all) {
    const m = match(text);
    found += m.technicians.length + m.services.length + m.service_areas.length;
  }
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(
  `${all.length} texts: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms (${found} mentions)`,
);
