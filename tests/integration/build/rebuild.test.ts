// Rebuilds: a build into a DIST_DIR that holds a release publishes exactly what a clean build would, reusing the
// analysis cache; and old releases are pruned.
import assert from "node:assert/strict";
import { appendFile, cp, mkdtemp, readFile, readlink, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { after, describe, it } from "node:test";
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { CHANGE_LOG_FILE } from "../../../src/lib/changes/log.ts";
import { RELEASE_DB_FILE } from "../../../src/lib/release-db/schema.ts";
import { copyRelease, scratchDir } from "../../../scripts/lib/build-site.ts";
import { build, SAMPLE_DATA, sampleLines, sampleRelease, TEST_SITE } from "../../helpers/build.ts";
import { dataDir, LIVE_REVIEWS, liveRelease } from "../../helpers/data-dir.ts";

// Builds of these tests run two at a time, each in a scratch directory of its own (see scratchDir).
const roots: string[] = [];
after(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

describe("rebuild after one added review", { concurrency: 2 }, () => {
  /**
   * Every file of a release but its change log (which goes on from the previous release, where a clean build starts a
   * new one), by path, as sha256; the manifest without its description of the log or of the release database, and the
   * database by its reviews and its facts but the log's.
   */
  const contents = async (dist: string) => {
    const dir = path.join(path.dirname(dist), await readlink(dist));
    const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && e.name !== CHANGE_LOG_FILE)
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
    const bytesOf = async (n: string) => {
      if (n === RELEASE_DB_FILE) return Buffer.from(JSON.stringify(releaseDbWithoutLog(path.join(dir, n))));
      const bytes = await readFile(path.join(dir, n));
      if (n !== "manifest.json") return bytes;
      const {
        change_log: _,
        release_db: __,
        ...manifest
      } = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
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
  const releaseDbWithoutLog = (file: string) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return {
        meta: db.prepare("SELECT key, value FROM meta WHERE key <> 'change_history' ORDER BY key").all(),
        reviews: db.prepare("SELECT ord, id, json FROM reviews ORDER BY ord").all(),
      };
    } finally {
      db.close();
    }
  };
  const sourceLines = async (data: string) =>
    (await readFile(path.join(data, "reviews.jsonl"), "utf8")).split("\n").filter(Boolean).length;
  /** A copy of the sample data (the tests add to it) and of the sample release built from it, as its first build. */
  const buildSampleCopy = async () => {
    const root = await scratchDir("rebuild-");
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
    return after;
  };

  it("publishes exactly what a clean build would, analysing only what the analysis cache lacks", async () => {
    const { data, before } = await buildSampleCopy();
    const pagesOf = async (dist: string) =>
      (await readdir(path.join(dist, "reviews/page"))).map((p) => `/reviews/page/${p}/`);
    const pages = await pagesOf(before.distDir);
    assert.ok(pages.length >= 2, "the sample data fills archive pages");

    // In words no review used before.
    const novel = "The crawlspace manifold was re-piped in PEX and every shutoff valve labelled; the quote held.";
    await appendReviews(data, 1, false, novel);
    const after = await rebuildMatchesClean(data, before.distDir);
    const sitemap = await readFile(path.join(after.distDir, "sitemap-0.xml"), "utf8");
    for (const p of pages) assert.ok(sitemap.includes(`<loc>${TEST_SITE}${p}</loc>`), `sitemap lists ${p}`);

    // Enough reviews for one archive page more (and new navigation on the pages before it), then a back-dated one,
    // which moves every block: still what a clean build publishes.
    await appendReviews(data, (pages.length + 2) * 50 - (await sourceLines(data)));
    const grown = await rebuildMatchesClean(data, before.distDir);
    assert.equal((await pagesOf(grown.distDir)).length, pages.length + 1, "one archive page more");
    // Only the one review of new words is analysed: the others are in the analysis cache.
    await appendReviews(data, 1, true, "The sump pit alarm was rewired to the panel, and the float switch replaced.");
    const backdated = await rebuildMatchesClean(data, before.distDir);
    assert.match(backdated.stdout, /analyses: \d+ from the cache, 1 made/);
  });

  it("keeps the current release and the two before it, removing older ones while the next build runs", async () => {
    // The release of the first sample reviews and their data: how many reviews a release holds does not matter here.
    const live = await liveRelease();
    roots.push(path.dirname(live.distDir));
    const data = await dataDir({ reviews: `${(await sampleLines(LIVE_REVIEWS)).join("\n")}\n` });
    roots.push(data);
    const before = { distDir: live.distDir };
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
