// A reviewer's name with a right-to-left override (U+202E) is shown isolated on every page of the release and on the
// review page the sidecar renders: inside <bdi>, or as the whole text of a block of its own, so the override cannot
// reorder the words around it ("Read X's review", "— X, date", a page heading).
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, it } from "node:test";
import { build } from "../helpers/build.ts";
import { dataDir, sampleLines } from "../helpers/data-dir.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

const NAME = "Ali \u202Eevil name";
/** Elements that end a bidi paragraph (or isolate) around their content. */
const ISOLATING = /^(bdi|h[1-6]|p|li|blockquote|td|th|dd|dt|div|article|header|footer|section)$/;

let distDir: string;
let sidecar: TestSidecar;
let id: string;

before(async () => {
  const lines = await sampleLines(20);
  // The newest review: the embeddable widget lists it too.
  const newest = lines.length - 1;
  const review = JSON.parse(lines[newest]!) as { id: string; author: { name: string } };
  review.author.name = NAME;
  id = review.id;
  lines[newest] = JSON.stringify(review);
  const built = await build({ dataDir: await dataDir({ reviews: `${lines.join("\n")}\n` }) });
  assert.equal(built.code, 0, built.stderr);
  distDir = built.distDir;
  sidecar = await startTestSidecar(distDir);
});
after(async () => {
  await sidecar?.stop();
});

/** Where `NAME` shows in `html` as visible text without an element isolating it. */
function unisolated(html: string): string[] {
  const found: string[] = [];
  for (let at = html.indexOf(NAME); at !== -1; at = html.indexOf(NAME, at + 1)) {
    const open = html.lastIndexOf("<", at);
    const close = html.lastIndexOf(">", at);
    // Inside a tag (an attribute), or in an element that is not shown.
    if (open > close) continue;
    const tag = /^<([a-zA-Z0-9]+)/.exec(html.slice(open))?.[1]?.toLowerCase() ?? "";
    if (tag === "script" || tag === "title" || tag === "style") continue;
    const before = html.slice(close + 1, at);
    const next = html.indexOf("<", at);
    const afterText = html.slice(at + NAME.length, next);
    const alone = before.trim() === "" && afterText.trim() === "" && html.startsWith("</", next);
    if (tag === "bdi" || (alone && ISOLATING.test(tag))) continue;
    found.push(html.slice(Math.max(0, open), Math.min(html.length, next + 20)));
  }
  return found;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith(".html")) out.push(path.join(entry.parentPath, entry.name));
  return out;
}

it("isolates the name on every page of the release", async () => {
  let shown = 0;
  const problems: string[] = [];
  for (const file of await htmlFiles(distDir)) {
    const html = await readFile(file, "utf8");
    if (html.includes(NAME)) shown++;
    for (const p of unisolated(html)) problems.push(`${path.relative(distDir, file)}: ${p}`);
  }
  assert.ok(shown > 0, "the name is on some page");
  assert.deepEqual(problems, []);
});

it("isolates the name on the review's own page", async () => {
  const res = await sidecar.get(`/reviews/${id}/`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.ok(html.includes(NAME));
  assert.deepEqual(unisolated(html), []);
});
