// Benchmark: detecting the language of reviews whose source gives none, as the build does (src/lib/text/language.ts):
// the detector's load, and the time per 100,000 texts for sample-like (English) texts and for Spanish ones.
// Usage: node scripts/bench/language.ts [--count 100000]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { detectLanguage } from "../../src/lib/text/language.ts";

const { values } = parseArgs({ options: { count: { type: "string", default: "100000" } } });
const count = Number(values.count);
const sample = readFileSync("data/reviews.jsonl", "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => (JSON.parse(line) as { text: string | null }).text)
  .filter((t): t is string => t !== null);
const spanish = [
  "Excelente servicio, llegaron a tiempo y limpiaron todo al terminar.",
  "Muy mal servicio, nunca regresaron la llamada y cobraron de más.",
  "El técnico fue muy amable y explicó todo el trabajo antes de empezar.",
];

const rssBefore = process.memoryUsage().rss;
let t0 = performance.now();
detectLanguage("El técnico fue muy amable.", "en-US");
console.log(
  `detector load: ${(performance.now() - t0).toFixed(0)} ms, RSS +${((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0)} MiB`,
);
for (const [name, texts] of [
  ["sample texts (English)", sample],
  ["Spanish texts", spanish],
] as const) {
  const counts = new Map<string, number>();
  t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const language = detectLanguage(texts[i % texts.length]!, "en-US");
    counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const ms = performance.now() - t0;
  console.log(
    `${name}: ${count} in ${ms.toFixed(0)} ms (${((ms * 1000) / count).toFixed(1)} µs each); ${[...counts].map(([l, n]) => `${l} ${n}`).join(", ")}`,
  );
}
