// Every public page of the sample site speaks to customers: no word of the engine's or the statistics' (those stay in
// /insights.json and on /developers/), no empty aspect chip or bar, and shares that add up to 100%.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { before, it } from "node:test";
import { listFiles } from "../../../src/build/list-files.ts";
import { sampleRelease } from "../../helpers/build.ts";

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

let pages: { file: string; html: string }[];

before(async () => {
  const dist = await sampleRelease();
  const files = (await listFiles(dist)).filter(
    (f) => f.endsWith(".html") && !f.startsWith("developers/") && !f.startsWith("review-page-shell/"),
  );
  pages = await Promise.all(files.map(async (file) => ({ file, html: await readFile(path.join(dist, file), "utf8") })));
});

it("uses no developer wording and shows no empty figure on any public page", () => {
  assert.ok(pages.length > 20, `the sample's pages (${pages.length})`);
  const found: string[] = [];
  for (const { file, html } of pages) {
    const text = visibleText(html);
    for (const [pattern, what] of VOCABULARY) {
      const hit = pattern.exec(text);
      if (hit) found.push(`${file}: ${what}: …${text.slice(Math.max(0, hit.index - 40), hit.index + 40)}…`);
    }
  }
  assert.deepEqual(found, []);
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
