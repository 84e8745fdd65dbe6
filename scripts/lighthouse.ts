// Lighthouse (default mobile settings) on pages of a fresh build served by the sidecar: prints the four category scores, fails under 95.
// Usage: node scripts/lighthouse.ts [--data DIR] [--min 95] [--path /insights/]... [--readme]
//   --path    a page to audit (repeatable; default: the home page)
//   --readme  also writes the scores into README.md between <!-- lighthouse:start --> and <!-- lighthouse:end -->
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort } from "./lib/free-port.ts";
import { startSidecar } from "./lib/sidecar-process.ts";
import { runBuild } from "./lib/build-site.ts";
import { CHROMIUM_ARGS, chromiumPath } from "./lib/chromium.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const { values } = parseArgs({
  options: {
    data: { type: "string", default: path.join(ROOT, "data") },
    min: { type: "string", default: "95" },
    readme: { type: "boolean", default: false },
    path: { type: "string", multiple: true, default: ["/"] },
  },
});
const min = Number(values.min);
if (!(min >= 0 && min <= 100)) throw new Error(`--min takes a score from 0 to 100, got "${values.min}"`);

const tmp = await mkdtemp(path.join(os.tmpdir(), "lighthouse-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = { DATA_DIR: path.resolve(values.data), DIST_DIR: path.join(tmp, "dist"), SITE_URL: origin };
let sidecar: Awaited<ReturnType<typeof startSidecar>> | undefined;
let chromium: LaunchedChrome | undefined;
let failed = false;
try {
  await runBuild(env);
  sidecar = await startSidecar({ ...env, HOST: "127.0.0.1", PORT: String(port), HUB_DB: path.join(tmp, "hub.sqlite") });
  // Headless Chromium with the flags Lighthouse's own command line launches it with.
  chromium = await launch({ chromePath: await chromiumPath(), chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  // The first audit in a fresh Chromium pays its cold start as blocking time, whichever page it is (home: 89 first,
  // 100 second, same build, 2026-11-26): one unrecorded audit first, so the scores are the pages'.
  await lighthouse(new URL(values.path[0]!, origin).href, {
    port: chromium.port,
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const rows: string[] = [];
  let version = "";
  for (const page of values.path) {
    const result = await lighthouse(new URL(page, origin).href, {
      port: chromium.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${page}`);
    version = result.lhr.lighthouseVersion;
    const scores = CATEGORIES.map((id) => ({
      id,
      title: result.lhr.categories[id]!.title,
      score: Math.round((result.lhr.categories[id]!.score ?? 0) * 100),
    }));
    if (rows.length === 0)
      rows.push(
        `| page | ${scores.map((s) => s.title).join(" | ")} |`,
        `| --- | ${scores.map(() => "---").join(" | ")} |`,
      );
    rows.push(`| \`${page}\` | ${scores.map((s) => s.score).join(" | ")} |`);
    for (const s of scores.filter((x) => x.score < min)) {
      failed = true;
      const audits = Object.values(result.lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          result.lhr.categories[s.id]!.auditRefs.some((r) => r.id === a.id && r.weight > 0),
      );
      console.error(
        `\n${page}: ${s.title} ${s.score} < ${min}; audits to look at:\n${audits.map((a) => `  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`).join("\n")}`,
      );
    }
  }
  // The version and settings head the page column: the README's block is the table alone.
  const data = values.data === path.join(ROOT, "data") ? "sample data" : values.data;
  rows[0] = rows[0]!.replace("| page |", `| page (Lighthouse ${version}, default mobile settings, ${data}) |`);
  const table = rows.join("\n");
  console.log(table);
  if (values.readme) await writeReadme(table);
} finally {
  chromium?.kill();
  await sidecar?.stop();
  await rm(tmp, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;

async function writeReadme(table: string): Promise<void> {
  const file = path.join(ROOT, "README.md");
  const text = await readFile(file, "utf8").catch(() => "");
  const start = "<!-- lighthouse:start -->";
  const end = "<!-- lighthouse:end -->";
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) {
    console.error(`README.md has no ${start} ... ${end} block; the scores were not recorded.`);
    process.exitCode = 1;
    return;
  }
  await writeFile(file, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
  console.log("Recorded in README.md.");
}
