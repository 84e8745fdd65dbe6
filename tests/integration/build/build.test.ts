// The real build over the sample data: published files, their shapes, absolute URLs, manifest and reproducibility.
import assert from "node:assert/strict";
import { readFile, readlink, readdir } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { before, describe, it } from "node:test";
import zlib from "node:zlib";
import { createHash } from "node:crypto";
import { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { Insights } from "../../../src/lib/schema/insights.ts";
import {
  decodeSearchIndex,
  INDEX_FILE_FORMAT,
  INDEX_FILE_NAME,
  indexFileChecksum,
} from "../../../src/lib/search/index-file.ts";
import { idsInSourceOrder } from "../../../src/lib/search/index.ts";
import { RELEASE_DB_FILE, RELEASE_DB_FORMAT } from "../../../src/lib/release-db/schema.ts";
import { Manifest } from "../../../src/lib/schema/manifest.ts";
import { newestFirst } from "../../../src/lib/reviews/order.ts";
import { CHANGE_LOG_FILE, CHANGE_LOG_FORMAT } from "../../../src/lib/changes/log.ts";
import { REVIEW_SHELL_FILE } from "../../../src/lib/html/review-shell.ts";
import { MCP_APPS } from "../../../src/lib/mcp/apps.ts";
import { build, sampleRelease, TEST_SITE, type BuildResult } from "../../helpers/build.ts";

let first: Pick<BuildResult, "distDir">;
const read = (rel: string) => readFile(path.join(first.distDir, rel));
const readJson = async (rel: string) => JSON.parse(await readFile(path.join(first.distDir, rel), "utf8"));

before(async () => {
  // The sample release every test file shares is this build, made once per code and data.
  first = { distDir: await sampleRelease() };
});

describe("build output", () => {
  it("publishes DIST_DIR as a symlink to an immutable release", async () => {
    const target = await readlink(first.distDir);
    assert.match(target, /^\.dist-releases\/[0-9a-f]{16}$/);
  });

  it("writes /reviews.json: business with catalog, aggregate rating, every review newest first", async () => {
    const dataset = ReviewsDataset.parse(await readJson("reviews.json"));
    const source = (await readFile(path.join("data", "reviews.jsonl"), "utf8")).split("\n").filter((l) => l.trim());
    assert.equal(dataset.reviews.length, source.length);
    assert.deepEqual(dataset.reviews, [...dataset.reviews].sort(newestFirst));
    assert.ok(dataset.business.technicians.length > 0 && dataset.business.services.length > 0);
    const { aggregate_rating: agg } = dataset;
    assert.equal(agg.count, dataset.reviews.length);
    for (const star of [1, 2, 3, 4, 5] as const) {
      assert.equal(agg.distribution[star], dataset.reviews.filter((r) => r.rating === star).length);
    }
    const mean = dataset.reviews.reduce((s, r) => s + r.rating, 0) / dataset.reviews.length;
    assert.equal(agg.average, Math.round(mean * 100) / 100);
    const newest = dataset.reviews.flatMap((r) => [
      r.published_at,
      r.updated_at ?? "",
      r.owner_reply?.published_at ?? "",
    ]);
    assert.equal(dataset.updated_at, [...newest, dataset.business.updated_at].sort().at(-1));
  });

  it("writes /insights.json of the agreed top-level shape, computed from the reviews", async () => {
    const insights = Insights.parse(await readJson("insights.json"));
    const dataset = await readJson("reviews.json");
    assert.equal(insights.review_count, dataset.reviews.length);
    const monthly = insights.temporal.monthly.reduce((s, m) => s + m.review_count, 0);
    assert.equal(monthly, dataset.reviews.length);
    for (const t of insights.entities.technicians) {
      const mentioning = dataset.reviews.filter((r: { mentions: { technicians: string[] } }) =>
        r.mentions.technicians.includes(t.id),
      );
      assert.equal(t.mention_count, mentioning.length, t.id);
    }
  });

  it("puts SITE_URL in every absolute URL it writes (no default origin leaks)", async () => {
    const manifest = Manifest.parse(await readJson("manifest.json"));
    assert.equal(manifest.site_url, TEST_SITE);
    for (const entry of Object.values(manifest.files)) {
      if (!/json|xml|html|text/.test(entry.content_type)) continue;
      const text = (await read(entry.path)).toString("utf8");
      assert.ok(!text.includes("localhost"), `${entry.path} mentions localhost`);
    }
    const feed = await readJson("api/feed.json");
    assert.equal(feed.feed_url, `${TEST_SITE}/api/feed.json`);
    assert.deepEqual(feed.hubs, [{ type: "WebSub", url: `${TEST_SITE}/api/websub/hub` }]);
  });

  it("describes every file in manifest.json with its true hash, and precompressed variants that decode to it", async () => {
    const manifest = Manifest.parse(await readJson("manifest.json"));
    const onDisk = (await readdir(first.distDir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(first.distDir, path.join(e.parentPath, e.name)));
    const described = Object.values(manifest.files).flatMap((e) => [
      e.path,
      e.encodings.br?.path,
      e.encodings.gzip?.path,
    ]);
    // Besides the manifest's files: the manifest, the CDN headers, and the sidecar's search index, change log and review page shell (never published), which the
    // manifest describes apart; the index loads against the published /reviews.json.
    const index = await read(INDEX_FILE_NAME);
    assert.deepEqual(manifest.search_index, {
      path: INDEX_FILE_NAME,
      format: INDEX_FILE_FORMAT,
      bytes: index.length,
      crc32: indexFileChecksum(index),
    });
    const log = await read(CHANGE_LOG_FILE);
    assert.deepEqual(manifest.change_log, {
      path: CHANGE_LOG_FILE,
      format: CHANGE_LOG_FORMAT,
      bytes: log.length,
      sha256: createHash("sha256").update(log).digest("hex"),
    });
    const shell = await read(REVIEW_SHELL_FILE);
    assert.equal(manifest.review_shell?.sha256, createHash("sha256").update(shell).digest("hex"));
    const releaseDb = await read(RELEASE_DB_FILE);
    assert.deepEqual(manifest.release_db, {
      path: RELEASE_DB_FILE,
      format: RELEASE_DB_FORMAT,
      bytes: releaseDb.length,
      sha256: createHash("sha256").update(releaseDb).digest("hex"),
    });
    // The database holds each review's JSON exactly as /reviews.json publishes it, in its order, which the index lists.
    const db = new DatabaseSync(path.join(first.distDir, RELEASE_DB_FILE), { readOnly: true });
    const rows = db.prepare("SELECT id, json FROM reviews ORDER BY ord").all() as { id: string; json: string }[];
    db.close();
    const { columns, updatedAt } = decodeSearchIndex(index);
    const published = (await read("reviews.json")).toString("utf8");
    assert.ok(published.includes(`"reviews":[${rows.map((r) => r.json).join(",")}]`));
    assert.deepEqual(
      rows.map((r) => r.id),
      idsInSourceOrder(columns),
    );
    assert.equal(updatedAt, (JSON.parse(published) as { updated_at: string }).updated_at);
    // The MCP Apps are the sidecar's too (its ui:// resources), described apart by URI.
    const apps = Object.values(manifest.mcp_apps ?? {});
    assert.deepEqual(apps.map((a) => a.path).sort(), MCP_APPS.map((a) => a.path).sort());
    for (const app of apps)
      assert.equal(
        app.sha256,
        createHash("sha256")
          .update(await read(app.path))
          .digest("hex"),
      );
    assert.deepEqual(
      onDisk
        .filter(
          (f) =>
            ![
              "manifest.json",
              "_headers",
              INDEX_FILE_NAME,
              CHANGE_LOG_FILE,
              REVIEW_SHELL_FILE,
              RELEASE_DB_FILE,
              ...apps.map((a) => a.path),
            ].includes(f),
        )
        .sort(),
      described.filter((f): f is string => !!f).sort(),
    );
    for (const [urlPath, entry] of Object.entries(manifest.files)) {
      const bytes = await read(entry.path);
      assert.equal(createHash("sha256").update(bytes).digest("hex"), entry.sha256, urlPath);
      assert.equal(entry.bytes, bytes.length);
      if (entry.encodings.br) assert.deepEqual(zlib.brotliDecompressSync(await read(entry.encodings.br.path)), bytes);
      if (entry.encodings.gzip) assert.deepEqual(zlib.gunzipSync(await read(entry.encodings.gzip.path)), bytes);
      const etags = [entry.etag, entry.encodings.br?.etag, entry.encodings.gzip?.etag].filter(Boolean);
      assert.equal(new Set(etags).size, etags.length, `distinct ETag per encoding for ${urlPath}`);
    }
    assert.equal(manifest.files["/feed.xml"]?.content_type, "application/atom+xml; charset=utf-8");
    assert.equal(manifest.files["/reviews.json"]?.content_type, "application/json; charset=utf-8");
  });

  it("writes a CDN _headers file with ETag, caching and the WebSub Link on each topic", async () => {
    const headers = (await read("_headers")).toString("utf8");
    const manifest = Manifest.parse(await readJson("manifest.json"));
    for (const topic of ["/reviews.json", "/api/feed.json", "/feed.xml"]) {
      const block = headers.split("\n\n").find((b) => b.startsWith(`${topic}\n`));
      assert.ok(block, topic);
      assert.ok(block.includes(`  ETag: ${manifest.files[topic]!.etag}`));
      assert.ok(block.includes(`  Link: <${TEST_SITE}/api/websub/hub>; rel="hub", <${TEST_SITE}${topic}>; rel="self"`));
      assert.match(block, / {2}Cache-Control: public/);
    }
  });
});

describe("reproducibility", () => {
  it("gives byte-identical files for identical data", async () => {
    const second = await build();
    assert.equal(second.code, 0, second.stderr);
    const a = await readFile(path.join(first.distDir, "manifest.json"), "utf8");
    const b = await readFile(path.join(second.distDir, "manifest.json"), "utf8");
    assert.equal(a, b);
    assert.equal(await readlink(first.distDir), await readlink(second.distDir));
  });
});
