// Every public page of the sample site, and of a small Spanish-speaking business the insights cannot read, speaks to
// customers: no word of the engine's or the statistics' (those stay in /insights.json and on /developers/), no empty
// aspect chip or bar, shares that add up to 100%, and an edited review marked with the date of its edit.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { before, it } from "node:test";
import { listFiles } from "../../../src/build/list-files.ts";
import { build, SAMPLE_DATA, sampleRelease } from "../../helpers/build.ts";
import { dataDir } from "../../helpers/data-dir.ts";

/** Words and figures for developers, or of nothing, that no customer-facing page may show. */
const VOCABULARY: readonly [RegExp, string][] = [
  [/confidence interval/i, "a statistics term"],
  [/\bp[-_ ]?value\b/i, "a statistics term"],
  [/\bci95\b|\bslope\b|\bregression\b/i, "a statistics term"],
  [/not analy[sz]ed|insights read|\bthe engine\b|\btaxonomy\b/i, "the insights engine's workings"],
  [/\bnull\b|\bundefined\b|\bNaN\b|\[object Object\]/, "a value the code did not fill"],
  [/\b0% of 0\b/, "an empty aspect bar"],
  [/\b0 reviews\b/, "an empty count (say it in words)"],
];

/** The text a reader sees: scripts, styles, JSON-LD and tags removed, entities left as they are. */
const visibleText = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

type Page = { file: string; html: string };

/** The public pages of the release `dist`: every HTML file but the developers' pages and the review pages' shell. */
async function publicPages(dist: string): Promise<Page[]> {
  const files = (await listFiles(dist)).filter(
    (f) => f.endsWith(".html") && !f.startsWith("developers/") && !f.startsWith("review-page-shell/"),
  );
  return Promise.all(files.map(async (file) => ({ file, html: await readFile(path.join(dist, file), "utf8") })));
}

/** What of the vocabulary `pages` show, each with its file and the words around it. */
function vocabularyFound(pages: readonly Page[]): string[] {
  const found: string[] = [];
  for (const { file, html } of pages) {
    const text = visibleText(html);
    for (const [pattern, what] of VOCABULARY) {
      const hit = pattern.exec(text);
      if (hit) found.push(`${file}: ${what}: …${text.slice(Math.max(0, hit.index - 40), hit.index + 40)}…`);
    }
  }
  return found;
}

let pages: Page[];
let spanish: Page[];

before(async () => {
  pages = await publicPages(await sampleRelease());
  // The sample's Spanish reviews as a business of their own, one of them edited: the engine reads none of them.
  const business = JSON.parse(await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8")) as object;
  const lines = (await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8"))
    .split("\n")
    .filter((l) => l.includes('"language":"es'))
    .map((l, i) => {
      const r = JSON.parse(l) as { published_at: string; updated_at: string | null };
      return JSON.stringify(i === 0 ? { ...r, updated_at: "2026-01-15T12:00:00Z" } : r);
    });
  const data = await dataDir({
    business: JSON.stringify({ ...business, id: "fontaneria-caliche", language: "es-US" }),
    reviews: `${lines.join("\n")}\n`,
  });
  const built = await build({ dataDir: data });
  assert.equal(built.code, 0, built.stderr);
  spanish = await publicPages(built.distDir);
});

it("uses no developer wording and shows no empty figure on any public page", () => {
  assert.ok(pages.length > 20, `the sample's pages (${pages.length})`);
  assert.deepEqual(vocabularyFound(pages), []);
});

it("says nothing of the engine to customers of a business whose reviews it cannot read, and marks an edit", () => {
  assert.ok(spanish.length > 5, `the Spanish business's pages (${spanish.length})`);
  assert.deepEqual(vocabularyFound(spanish), []);
  assert.ok(
    spanish.some((p) => p.html.includes('<span class="edited">Edited <time datetime="2026-01-15T12:00:00Z">')),
    "the edited review is marked with the date of its edit",
  );
});

it("shows rating shares that add up to 100% wherever a distribution is tabled", () => {
  let tables = 0;
  for (const { file, html } of pages) {
    for (const table of html.match(/<table[\s\S]*?<\/table>/g) ?? []) {
      if (!/Rating distribution/.test(table)) continue;
      const shares = [...table.matchAll(/<td>(\d+)%<\/td>/g)].map((m) => Number(m[1]));
      if (shares.every((s) => s === 0)) continue;
      tables++;
      assert.equal(
        shares.reduce((a, b) => a + b, 0),
        100,
        `${file}: ${shares.join(" + ")}`,
      );
    }
  }
  assert.ok(tables > 0, "the sample has rating distributions");
});
