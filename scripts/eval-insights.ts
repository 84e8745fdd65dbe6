// Measures the insights engine on the hand-labelled eval set: aspect detection P/R/F1, polarity accuracy, confusion.
// Usage: node scripts/eval-insights.ts [--split dev|test|blind|sealed|all] [--taxonomy FILE] [--file FILE] [--model FILE|none]
//   [--errors] [--json]
// --model: another trained aspect model (e.g. one trained without the file measured), or none for the rules alone.
// Each split also gets 95% confidence intervals: micro P/R/F1 by a seeded bootstrap over sentences (2,000 rounds),
// polarity accuracy by Wilson's score interval.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createAnalyzer } from "../src/lib/insights/engine/analyze.ts";
import { CONFUSION_CLASSES, type EvalReport, evaluate, parseEvalSet } from "../src/lib/insights/eval/metrics.ts";
import { bootstrapMicro, wilson } from "../src/lib/insights/eval/intervals.ts";
import { parseModel } from "../src/lib/insights/engine/model.ts";
import { parseTaxonomy } from "../src/lib/insights/taxonomy.ts";

const { values } = parseArgs({
  options: {
    split: { type: "string", default: "all" },
    taxonomy: { type: "string" },
    file: { type: "string", default: "tests/fixtures/insights-eval.jsonl" },
    errors: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    model: { type: "string" },
  },
});
if (!["dev", "test", "blind", "sealed", "all"].includes(values.split)) {
  process.stderr.write(`--split: expected dev, test, blind, sealed or all, got '${values.split}'\n`);
  process.exit(2);
}

const taxonomy = values.taxonomy
  ? parseTaxonomy(JSON.parse(readFileSync(values.taxonomy, "utf8")), values.taxonomy)
  : undefined;
const model =
  values.model === undefined
    ? undefined
    : values.model === "none"
      ? null
      : parseModel(JSON.parse(readFileSync(values.model, "utf8")), values.model);
const analyzer = createAnalyzer({ ...(taxonomy ? { taxonomy } : {}), ...(model !== undefined ? { model } : {}) });
const all = parseEvalSet(readFileSync(values.file, "utf8"), values.file);
const aspectIds = analyzer.taxonomy.aspects.map((a) => a.id);
const predict = (item: { text: string; rating: number | null }) =>
  new Map(analyzer.analyze(item.text, item.rating).aspects.map((a) => [a.aspect, a.sentiment] as const));

const present = (["dev", "test", "blind", "sealed"] as const).filter((s) => all.some((i) => i.split === s));
const splits =
  values.split === "all" ? [...present, "all" as const] : [values.split as "dev" | "test" | "blind" | "sealed"];
const reports: Record<string, EvalReport> = {};
const intervals: Record<string, ReturnType<typeof bootstrapMicro> & { polarity_accuracy: [number, number] }> = {};
for (const split of splits) {
  const items = split === "all" ? all : all.filter((i) => i.split === split);
  const r = (reports[split] = evaluate(items, predict, aspectIds));
  const right = Math.round(r.polarity_accuracy * r.polarity_scored);
  intervals[split] = { ...bootstrapMicro(items, predict), polarity_accuracy: wilson(right, r.polarity_scored) };
}
// Items first measured blind (engine frozen, labels written first), kept visible after they joined dev.
const history: Record<string, EvalReport> = {};
for (const tag of ["blind1", "blind2"]) {
  const tagged = all.filter((i) => i.tags.includes(tag));
  if (tagged.length && values.split === "all") history[tag] = evaluate(tagged, predict, aspectIds);
}

if (values.json) {
  process.stdout.write(JSON.stringify({ engine: analyzer.version, reports, intervals, history }, null, 2) + "\n");
} else {
  const out: string[] = [`engine ${analyzer.version}  eval set ${values.file}`];
  const ci = ([lo, hi]: [number, number]) => `[${(lo * 100).toFixed(1)}, ${(hi * 100).toFixed(1)}]`;
  for (const [split, r] of Object.entries(reports)) {
    const c = intervals[split]!;
    out.push("", ...render(split, r, aspectIds));
    out.push(
      `95% CI: micro P ${ci(c.precision)} R ${ci(c.recall)} F1 ${ci(c.f1)} (bootstrap); polarity accuracy ${ci(c.polarity_accuracy)} (Wilson)`,
    );
  }
  for (const [tag, r] of Object.entries(history)) {
    out.push(
      `tag ${tag} (${r.items} sentences, now in dev): micro F1 ${(r.micro.f1 * 100).toFixed(1)}, polarity accuracy ${(r.polarity_accuracy * 100).toFixed(1)}`,
    );
  }
  if (values.errors) {
    const r = reports[splits.at(-1)!]!;
    out.push("", `errors (${r.errors.length}):`);
    for (const e of r.errors)
      out.push(`  ${e.id}  ${e.text}\n      gold ${JSON.stringify(e.gold)}  got ${JSON.stringify(e.predicted)}`);
  }
  process.stdout.write(out.join("\n") + "\n");
}

function render(split: string, r: EvalReport, ids: readonly string[]): string[] {
  const pct = (x: number) => (x * 100).toFixed(1).padStart(6);
  const lines = [
    `== split: ${split} (${r.items} sentences, ${r.gold_pairs} gold aspect labels)`,
    `aspect            P      R     F1    tp  fp  fn`,
  ];
  const row = (label: string, p: EvalReport["micro"]) =>
    `${label.padEnd(16)}${pct(p.precision)}${pct(p.recall)}${pct(p.f1)}  ${[p.tp, p.fp, p.fn].map((k) => String(k).padStart(4)).join("")}`;
  lines.push(...ids.map((id) => row(id, r.per_aspect[id]!)), row("micro", r.micro));
  lines.push(`macro F1 ${pct(r.macro_f1)}`);
  lines.push(`aspect-polarity accuracy ${pct(r.polarity_accuracy)}  (${r.polarity_scored} gold aspects found)`);
  lines.push(`joint aspect+polarity F1 ${pct(r.joint.f1)}`);
  lines.push(
    `confusion (rows gold, columns predicted):`,
    `${"".padEnd(10)}${CONFUSION_CLASSES.map((c) => c.padStart(10)).join("")}`,
  );
  for (const g of CONFUSION_CLASSES)
    lines.push(`${g.padEnd(10)}${CONFUSION_CLASSES.map((p) => String(r.confusion[g][p]).padStart(10)).join("")}`);
  return lines;
}
