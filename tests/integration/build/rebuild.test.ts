// Rebuilds: what a build carries over from the previous release, and that it publishes exactly what a clean build would.
import assert from "node:assert/strict";
import {
  appendFile,
  cp,
  mkdir,
  mkdtemp,
  readFile,
  readlink,
  readdir,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { after, describe, it } from "node:test";
import { createHash } from "node:crypto";
import { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import {
  decodeSearchIndex,
  encodeSearchIndex,
  INDEX_FILE_NAME,
  indexFileChecksum,
} from "../../../src/lib/search/index-file.ts";
import { Manifest } from "../../../src/lib/schema/manifest.ts";
import { BUILD_RECORD, BuildRecord } from "../../../src/build/previous-release.ts";
import {
  ANALYSIS_COLUMNS_FILE,
  decodeAnalysisColumns,
  encodeAnalysisColumns,
} from "../../../src/build/analysis-columns-file.ts";
import { keptAnalyses, publishedReviewsDigest } from "../../helpers/kept-analyses.ts";
import { Insights } from "../../../src/lib/schema/insights.ts";
import { CHANGE_LOG_FILE } from "../../../src/lib/changes/log.ts";
import { copyRelease } from "../../../scripts/lib/build-site.ts";
import { build, ROOT, SAMPLE_DATA, sampleRelease, TEST_SITE } from "../../helpers/build.ts";

const TEST_BUILDS = path.join(ROOT, ".cache", "test-builds");

// Builds of these tests run two at a time, each under its own directory inside the project: Astro prerenders a build
// whose output lies outside the working directory in one shared folder there, which two builds would overwrite.
const roots: string[] = [];
after(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

describe("rebuild after one added review", { concurrency: 2 }, () => {
  /**
   * Every file of a release but its build record and change log (which goes on from the previous release, where a
   * clean build starts a new one), by path, as sha256; the manifest without its description of the log.
   */
  const contents = async (dist: string) => {
    const dir = path.join(path.dirname(dist), await readlink(dist));
    const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && e.name !== BUILD_RECORD && e.name !== CHANGE_LOG_FILE)
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
    const bytesOf = async (n: string) => {
      const bytes = await readFile(path.join(dir, n));
      if (n !== "manifest.json") return bytes;
      const { change_log: _, ...manifest } = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
      return Buffer.from(JSON.stringify(manifest));
    };
    const hashes = await Promise.all(
      names.map(async (n) =>
        createHash("sha256")
          .update(await bytesOf(n))
          .digest("hex"),
      ),
    );
    return new Map(names.map((n, i) => [n, hashes[i]!]));
  };
  const inode = async (dist: string, file: string) =>
    (await stat(path.join(path.dirname(dist), await readlink(dist), file))).ino;
  const sourceLines = async (data: string) =>
    (await readFile(path.join(data, "reviews.jsonl"), "utf8")).split("\n").filter(Boolean).length;
  const recordOf = async (dist: string) =>
    BuildRecord.parse(
      JSON.parse(await readFile(path.join(path.dirname(dist), await readlink(dist), BUILD_RECORD), "utf8")),
    );

  /** A copy of the sample data (the tests add to it) and of the sample release built from it, as its first build. */
  const buildSampleCopy = async () => {
    await mkdir(TEST_BUILDS, { recursive: true });
    const root = await mkdtemp(path.join(TEST_BUILDS, "rebuild-"));
    roots.push(root);
    const data = path.join(root, "data");
    await cp(SAMPLE_DATA, data, { recursive: true });
    const distDir = path.join(root, "dist");
    await copyRelease(await sampleRelease(), distDir);
    return { data, before: { distDir } };
  };

  /**
   * Appends `count` copies of the first review under new ids, a day apart after the newest; with `backdated`, the
   * last of them is dated a second after the oldest review instead, which moves every archive page's block; with
   * `text`, they say that instead.
   */
  const appendReviews = async (data: string, count: number, backdated = false, text?: string) => {
    const lines = (await readFile(path.join(data, "reviews.jsonl"), "utf8")).split("\n").filter(Boolean);
    const dates = lines.map((l) => JSON.parse(l).published_at as string).sort();
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    const added = Array.from({ length: count }, (_, i) => {
      const at =
        backdated && i === count - 1
          ? iso(Date.parse(dates[0]!) + 1000)
          : iso(Date.parse(dates.at(-1)!) + (i + 1) * 86_400_000);
      const first = JSON.parse(lines[0]!) as { text: string | null; verified: object };
      const review = { ...first, text: text ?? first.text, id: `rebuild-${lines.length + i}`, published_at: at };
      return { ...review, updated_at: null, owner_reply: null, verified: { ...review.verified, verified_at: at } };
    });
    await appendFile(path.join(data, "reviews.jsonl"), added.map((r) => `${JSON.stringify(r)}\n`).join(""));
  };
  /** Builds `data` into `dist` and into a fresh directory, and asserts both publish the same release. */
  const rebuildMatchesClean = async (data: string, dist: string) => {
    const after = await build({ dataDir: data, distDir: dist });
    assert.equal(after.code, 0, after.stderr);
    const clean = await build({
      dataDir: data,
      distDir: (await mkdtemp(path.join(path.dirname(data), "clean-"))) + "/dist",
    });
    assert.equal(clean.code, 0, clean.stderr);
    assert.deepEqual(await contents(after.distDir), await contents(clean.distDir));
    assert.deepEqual(await recordOf(after.distDir), await recordOf(clean.distDir));
    return after;
  };

  it("carries unchanged archive pages over and publishes exactly what a clean build would", async () => {
    const { data, before } = await buildSampleCopy();
    const pages = Object.keys((await recordOf(before.distDir)).pages);
    assert.ok(pages.length >= 2, "the sample data fills archive pages");
    const oldest = await inode(before.distDir, "reviews/page/1/index.html");
    const oldestBr = await inode(before.distDir, "reviews/page/1/index.html.br");

    // In words no review used before: the analyses the rebuild takes from the release and its own share new strings.
    const novel = "The crawlspace manifold was re-piped in PEX and every shutoff valve labelled; the quote held.";
    await appendReviews(data, 1, false, novel);
    const after = await rebuildMatchesClean(data, before.distDir);
    // Carried over, not made again: the same file, and the same compressed variant, as in the previous release.
    assert.equal(await inode(after.distDir, "reviews/page/1/index.html"), oldest);
    assert.equal(await inode(after.distDir, "reviews/page/1/index.html.br"), oldestBr);
    assert.ok((await contents(after.distDir)).get("sitemap-0.xml"), "the sitemap is written");
    const sitemap = await readFile(path.join(after.distDir, "sitemap-0.xml"), "utf8");
    for (const p of pages) assert.ok(sitemap.includes(`<loc>${TEST_SITE}${p}</loc>`), `sitemap lists carried ${p}`);

    // Enough reviews for one archive page more (and new navigation on the pages before it), then a back-dated one,
    // which moves every block: still what a clean build publishes.
    await appendReviews(data, (pages.length + 2) * 50 - (await sourceLines(data)));
    const grown = await rebuildMatchesClean(data, before.distDir);
    assert.equal(Object.keys((await recordOf(grown.distDir)).pages).length, pages.length + 1, "one archive page more");
    await appendReviews(data, 1, true);
    await rebuildMatchesClean(data, before.distDir);
  });

  it("renders a page again whose file the previous release lost, rather than fail", async () => {
    const { data, before } = await buildSampleCopy();
    const dir = path.join(path.dirname(before.distDir), await readlink(before.distDir));
    await rm(path.join(dir, "reviews/page/1/index.html.br"));
    const oldest = await inode(before.distDir, "reviews/page/1/index.html");
    const second = await inode(before.distDir, "reviews/page/2/index.html");
    await appendReviews(data, 1);
    const after = await rebuildMatchesClean(data, before.distDir);
    assert.notEqual(await inode(after.distDir, "reviews/page/1/index.html"), oldest, "rendered, not linked");
    assert.equal(await inode(after.distDir, "reviews/page/2/index.html"), second, "the others still carried");
  });

  it("analyses every review again when the previous release's analyses are damaged, rather than fail", async () => {
    const { data, before } = await buildSampleCopy();
    const file = path.join(path.dirname(before.distDir), await readlink(before.distDir), ANALYSIS_COLUMNS_FILE);
    const bytes = await readFile(file);
    bytes[bytes.length - 1]! ^= 0xff;
    await writeFile(file, bytes);
    await appendReviews(data, 1);
    await rebuildMatchesClean(data, before.distDir);
  });

  it("seeks the pull quote among every review when the previous release's /insights.json was altered", async () => {
    const { data, before } = await buildSampleCopy();
    const file = path.join(path.dirname(before.distDir), await readlink(before.distDir), "insights.json");
    const doc = Insights.parse(JSON.parse(await readFile(file, "utf8")));
    const quoted = doc.summary.pull_quote!.review_id;
    // Still valid insights, naming another review as the quote: only the manifest's hash tells.
    const other = ReviewsDataset.parse(
      JSON.parse(await readFile(path.join(before.distDir, "reviews.json"), "utf8")),
    ).reviews.find((r) => r.id !== quoted)!.id;
    await writeFile(
      file,
      JSON.stringify({
        ...doc,
        summary: { ...doc.summary, pull_quote: { ...doc.summary.pull_quote!, review_id: other } },
      }),
    );
    await appendReviews(data, 1);
    const after = await rebuildMatchesClean(data, before.distDir);
    const rebuilt = Insights.parse(JSON.parse(await readFile(path.join(after.distDir, "insights.json"), "utf8")));
    assert.equal(rebuilt.summary.pull_quote!.review_id, quoted);
  });

  it("reads the reviews the previous release publishes back from it when reviews.jsonl only gained lines", async () => {
    const { data, before } = await buildSampleCopy();
    const modifiedAt = async (dist: string) =>
      decodeSearchIndex(await readFile(path.join(dist, INDEX_FILE_NAME))).columns.modifiedAt;
    // Plant a change in the previous release's /reviews.json (its manifest updated to match): the rebuild shows it.
    const dir = path.join(path.dirname(before.distDir), await readlink(before.distDir));
    const dataset = ReviewsDataset.parse(JSON.parse(await readFile(path.join(dir, "reviews.json"), "utf8")));
    const planted = dataset.reviews.at(-1)!;
    const original = await readFile(path.join(dir, "reviews.json"), "utf8");
    const json = original.replace(
      JSON.stringify(planted),
      JSON.stringify({ ...planted, title: "Planted in the previous release" }),
    );
    await writeFile(path.join(dir, "reviews.json"), json);
    const manifest = Manifest.parse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")));
    manifest.files["/reviews.json"]!.sha256 = createHash("sha256").update(json).digest("hex");
    // And in its search index, which a rebuild extends with the new review instead of indexing every review again.
    const { columns, updatedAt } = decodeSearchIndex(await readFile(path.join(dir, INDEX_FILE_NAME)));
    columns.modifiedAt = columns.modifiedAt.map((m, i) => (i === columns.size - 1 ? "2000-01-01T00:00:00Z" : m));
    const index = encodeSearchIndex(columns, updatedAt);
    await writeFile(path.join(dir, INDEX_FILE_NAME), index);
    manifest.search_index!.crc32 = indexFileChecksum(index);
    await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    // And in the analyses it keeps, which a rebuild takes for the reviews read back instead of the insights cache's.
    const engine = Insights.parse(JSON.parse(await readFile(path.join(dir, "insights.json"), "utf8"))).version;
    // Kept for the reviews as published: for the planted ones, as if the planted title had been published.
    const kept = decodeAnalysisColumns(
      await readFile(path.join(dir, ANALYSIS_COLUMNS_FILE)),
      engine,
      publishedReviewsDigest(original),
      dataset.reviews.length,
    );
    kept.score[kept.size - 1] = 0.123456;
    const digest = publishedReviewsDigest(json);
    await writeFile(path.join(dir, ANALYSIS_COLUMNS_FILE), encodeAnalysisColumns(kept, engine, digest));
    const oldestScore = async (dist: string) => (await keptAnalyses(dist, engine)).score.at(-1);

    await appendReviews(data, 1);
    const after = await build({ dataDir: data, distDir: before.distDir });
    assert.equal(after.code, 0, after.stderr);
    assert.match(await readFile(path.join(after.distDir, "reviews.json"), "utf8"), /Planted in the previous release/);
    assert.equal((await modifiedAt(after.distDir)).at(-1), "2000-01-01T00:00:00Z");
    assert.equal(await oldestScore(after.distDir), 0.123456);
    // An edited line is not an added one: every line is read again, and the planted title is gone.
    const source = await readFile(path.join(data, "reviews.jsonl"), "utf8");
    await writeFile(path.join(data, "reviews.jsonl"), source.replace('"rating":5', '"rating":4'));
    const edited = await build({ dataDir: data, distDir: before.distDir });
    assert.equal(edited.code, 0, edited.stderr);
    assert.doesNotMatch(await readFile(path.join(edited.distDir, "reviews.json"), "utf8"), /Planted/);
    assert.notEqual(await oldestScore(edited.distDir), 0.123456);
    assert.notEqual((await modifiedAt(edited.distDir)).at(-1), "2000-01-01T00:00:00Z");
  });

  it("renders every page again when the previous release was built by other code, and records this code", async () => {
    const { data, before } = await buildSampleCopy();
    const oldest = await inode(before.distDir, "reviews/page/1/index.html");
    const expected = await contents(before.distDir);
    // Stand in for a release built by other code: its record names another fingerprint, and its id differs.
    const record = await recordOf(before.distDir);
    const releases = path.join(path.dirname(before.distDir), ".dist-releases");
    const older = path.join(releases, "0".repeat(16));
    await rename(path.join(path.dirname(before.distDir), await readlink(before.distDir)), older);
    await writeFile(path.join(older, BUILD_RECORD), JSON.stringify({ ...record, fingerprint: "0".repeat(64) }));
    await rm(before.distDir);
    await symlink(path.relative(path.dirname(before.distDir), older), before.distDir);
    const previousRelease = await readlink(before.distDir);
    const after = await build({ dataDir: data, distDir: before.distDir });
    assert.equal(after.code, 0, after.stderr);
    // Same data, other code: a release of its own, whose record names the code that built it.
    assert.notEqual(await readlink(after.distDir), previousRelease);
    assert.deepEqual(await recordOf(after.distDir), record);
    assert.notEqual(await inode(after.distDir, "reviews/page/1/index.html"), oldest, "rendered again, not linked");
    const got = await contents(after.distDir);
    for (const f of ["reviews/page/1/index.html", "reviews/page/1/index.html.br"])
      assert.equal(got.get(f), expected.get(f), f);
  });

  it("keeps the current release and the two before it, removing older ones while the next build runs", async () => {
    const { data, before } = await buildSampleCopy();
    const releases = path.join(path.dirname(before.distDir), ".dist-releases");
    const published = [await readlink(before.distDir)];
    for (let i = 0; i < 3; i++) {
      await appendFile(path.join(data, "reviews.jsonl"), "\n"); // other source bytes: another release
      const next = await build({ dataDir: data, distDir: before.distDir });
      assert.equal(next.code, 0, next.stderr);
      published.push(await readlink(before.distDir));
    }
    assert.equal(new Set(published).size, 4);
    assert.deepEqual(
      (await readdir(releases)).sort(),
      published
        .slice(1)
        .map((p) => path.basename(p))
        .sort(),
      "the three newest remain, the first is gone, and no staging directory is left",
    );
  });
});
