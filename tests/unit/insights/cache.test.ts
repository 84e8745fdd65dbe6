// The build's per-review analysis cache: content hash + engine version, so one added review is one analysis.
import assert from "node:assert/strict";
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { analyzeWithCache } from "../../../src/build/insights-cache.ts";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";
import { detectLanguage } from "../../../src/lib/text/language.ts";
import { TEXTS } from "./fixtures.ts";

const dir = await mkdtemp(path.join(tmpdir(), "insights-cache-"));
after(() => rm(dir, { recursive: true, force: true }));
const reviews = Object.entries(TEXTS).flatMap(([rating, texts]) =>
  texts.map((text, i) => ({ id: `${rating}-${i}`, text: text ?? null, rating: Number(rating) })),
);

describe("analyzeWithCache", () => {
  const engine = createAnalyzer();

  it("analyses everything once, then nothing; results equal the uncached engine's", async () => {
    const first = await analyzeWithCache(reviews, engine, dir);
    assert.equal(first.misses, reviews.length);
    const second = await analyzeWithCache(reviews, engine, dir);
    assert.deepEqual([second.hits, second.misses], [reviews.length, 0]);
    for (const r of reviews) assert.deepEqual(second.analyses.get(r.id), engine.analyze(r.text, r.rating));
  });

  it("keeps each text's language, detected with the business's as the fallback, which is part of the key", async () => {
    const own = await mkdtemp(path.join(dir, "language-"));
    const spanish = { id: "es", text: "El técnico llegó a tiempo y arregló la fuga del calentador.", rating: 5 };
    const all = [...reviews, spanish];
    await analyzeWithCache(all, engine, own, "", "en-US");
    const again = await analyzeWithCache(all, engine, own, "", "en-US");
    assert.equal(again.misses, 0);
    for (const r of all) assert.equal(again.languages.get(r.id), detectLanguage(r.text, "en-US"));
    assert.equal(again.languages.get("es"), "es");
    const british = await analyzeWithCache(all, engine, own, "", "en-GB");
    assert.equal(british.misses, all.length, "another fallback is another key");
    assert.equal(british.languages.get(reviews[0]!.id), detectLanguage(reviews[0]!.text, "en-GB"));
  });

  it("re-analyses only what changed: one added review, one edited rating", async () => {
    const more = [...reviews, { id: "new", text: "Brand new review: on time and tidy.", rating: 5 }];
    more[0] = { ...more[0]!, rating: more[0]!.rating === 5 ? 4 : 5 };
    const r = await analyzeWithCache(more, engine, dir);
    assert.equal(r.misses, 2);
  });

  it("appends what is new, and rewrites the file with only what is used once the unused pass a tenth of it", async () => {
    const own = await mkdtemp(path.join(dir, "append-"));
    const first = await analyzeWithCache(reviews, engine, own);
    const written = await readFile(first.file, "utf8");
    const lines = (text: string) => text.split("\n").filter(Boolean).length;
    assert.equal(lines(written), reviews.length);
    const added = { id: "added", text: "Came back the next day to check the repair.", rating: 4 };
    await analyzeWithCache([...reviews, added], engine, own);
    const appended = await readFile(first.file, "utf8");
    assert.ok(appended.startsWith(written), "the earlier entries are left as they were");
    assert.equal(lines(appended), reviews.length + 1);
    // One review fewer leaves the file as it is; dropping more than a tenth rewrites it.
    await analyzeWithCache(reviews, engine, own);
    assert.equal(await readFile(first.file, "utf8"), appended);
    const kept = reviews.slice(0, Math.floor(reviews.length * 0.8));
    const smaller = await analyzeWithCache(kept, engine, own);
    assert.equal(smaller.misses, 0);
    assert.equal(lines(await readFile(first.file, "utf8")), new Set(kept.map((r) => `${r.rating}${r.text}`)).size);
  });

  it("keeps what it appends after a torn last line (a build killed while writing)", async () => {
    const own = await mkdtemp(path.join(dir, "torn-"));
    const { file } = await analyzeWithCache(reviews, engine, own);
    await appendFile(file, '{"k":"torn-off');
    const added = [...reviews, { id: "added", text: "They came back to fix the leak for free.", rating: 5 }];
    assert.equal((await analyzeWithCache(added, engine, own)).misses, 1);
    assert.equal((await analyzeWithCache(added, engine, own)).misses, 0, "the appended analysis was kept");
  });

  it("keys the file by engine version, and survives a corrupt file", async () => {
    const other = createAnalyzer({ names: ["Somebody Else"] });
    const r = await analyzeWithCache(reviews, other, dir);
    assert.equal(r.misses, reviews.length);
    assert.ok((await readdir(dir)).filter((f) => f.endsWith(".jsonl")).length >= 2);
    await writeFile(r.file, '{"k":"torn\n{}\nnot json\n');
    const again = await analyzeWithCache(reviews, other, dir);
    assert.equal(again.misses, reviews.length);
    assert.deepEqual(again.analyses.get(reviews[0]!.id), other.analyze(reviews[0]!.text, reviews[0]!.rating));
  });

  it("analyses again a review whose line turns out broken when read whole, and keeps the new analysis", async () => {
    const own = await mkdtemp(path.join(dir, "broken-"));
    const { file } = await analyzeWithCache(reviews, engine, own);
    const lines = (await readFile(file, "utf8")).split("\n").filter(Boolean);
    // The last line defines no strings (the fixtures' vocabulary is met before it); its label is made impossible.
    const last = JSON.parse(lines.at(-1)!) as unknown[];
    assert.deepEqual(last[1], []);
    await writeFile(
      file,
      [...lines.slice(0, -1), JSON.stringify([last[0], [], 9, ...last.slice(3)])].join("\n") + "\n",
    );
    const again = await analyzeWithCache(reviews, engine, own);
    assert.equal(again.misses, 1);
    for (const r of reviews) assert.deepEqual(again.analyses.get(r.id), engine.analyze(r.text, r.rating));
    assert.equal((await analyzeWithCache(reviews, engine, own)).misses, 0, "the analysis made again was kept");
  });
});
