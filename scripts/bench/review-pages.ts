// Benchmark: review pages at scale. Over HTTP, the sidecar's /reviews/<id>/ rendered on demand (first request of a page)
// and from its cache, and 304s; in process, what the same pages would cost as static files (render, brotli, gzip,
// sha256: the least a build writing them would do, before any disk write) and the sitemaps listing every review page.
// Usage: node scripts/bench/review-pages.ts [--reviews 100000] [--requests 2000] [--static 5000] [--dist DIR]
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "../lib/build-site.ts";
import { startSidecar } from "../lib/sidecar-process.ts";
import { benchDataSet, parseSizes } from "./lib/data-sets.ts";
import { percentile } from "./lib/percentile.ts";
import { compress } from "../../src/build/compress.ts";
import { writeSitemaps } from "../../src/build/publish/sitemap.ts";
import { reviewPath } from "../../src/lib/html/review-card.ts";
import { reviewPageValues } from "../../src/lib/html/review-page.ts";
import { fillShell, parseShell } from "../../src/lib/html/review-shell.ts";
import { catalogNames } from "../../src/lib/reviews/catalog-names.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import type { Manifest } from "../../src/lib/schema/manifest.ts";

const { values } = parseArgs({
  options: {
    reviews: { type: "string", default: "100000" },
    requests: { type: "string", default: "2000" },
    static: { type: "string", default: "5000" },
    dist: { type: "string" },
  },
});
const [reviews, requests, staticPages] = [values.reviews, values.requests, values.static].map((v) => parseSizes(v)[0]!);
const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-review-pages-"));
const distDir = values.dist ?? path.join(tmp, "dist");
const env = { DATA_DIR: benchDataSet(reviews!), DIST_DIR: distDir, HUB_DB: path.join(tmp, "hub.sqlite"), PORT: "0" };
if (!values.dist) {
  console.log(`building ${reviews} reviews ...`);
  await runBuild(env);
}
const dataset = JSON.parse(await readFile(path.join(distDir, "reviews.json"), "utf8")) as ReviewsDataset;
const manifest = JSON.parse(await readFile(path.join(distDir, "manifest.json"), "utf8")) as Manifest;
const ms = (t: number) => `${t.toFixed(2)} ms`;
const quantiles = (runs: { time: number }[]) => {
  const s = runs.map((r) => r.time).sort((a, b) => a - b);
  return `p50 ${ms(percentile(s, 0.5))}, p99 ${ms(percentile(s, 0.99))}, max ${ms(s.at(-1)!)}`;
};

// Spread over the whole release: every 1/requests-th review, so the pages are not the few the cache already holds.
const step = Math.max(1, Math.floor(dataset.reviews.length / requests!));
const ids = dataset.reviews.filter((_, i) => i % step === 0).map((r) => r.id);
const sidecar = await startSidecar(env, { timeoutMs: 120_000 });
try {
  const timed = async (id: string, headers: Record<string, string>) => {
    const started = performance.now();
    const res = await fetch(new URL(reviewPath(id), sidecar.url), { headers });
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 304) throw new Error(`GET ${reviewPath(id)}: HTTP ${res.status}`);
    return { time: performance.now() - started, etag: res.headers.get("etag")! };
  };
  const br = { "accept-encoding": "br" };
  const first = [];
  for (const id of ids) first.push(await timed(id, br));
  const again = [];
  for (const id of ids) again.push(await timed(id, br));
  const notModified = [];
  for (const [i, id] of ids.entries()) notModified.push(await timed(id, { ...br, "if-none-match": first[i]!.etag }));
  console.log(`sidecar, ${ids.length} review pages of ${dataset.reviews.length}, sequential, brotli:`);
  console.log(`  first request (rendered)   ${quantiles(first)}`);
  console.log(`  second request (cached)    ${quantiles(again)}`);
  console.log(`  304 (If-None-Match)        ${quantiles(notModified)}`);
} finally {
  await sidecar.stop();
}

// The static alternative's floor: the same pages rendered, precompressed and hashed as the build does other pages.
const shell = parseShell(await readFile(path.join(distDir, manifest.review_shell!.path), "utf8"));
const names = catalogNames(dataset.business, []);
const ctx = { business: dataset.business, names, origin: manifest.site_url };
const sample = dataset.reviews.slice(0, staticPages);
let bytes = 0;
let started = performance.now();
for (const review of sample) {
  const html = Buffer.from(fillShell(shell, reviewPageValues(review, ctx)));
  const { br: b, gzip: g } = await compress(html);
  createHash("sha256").update(html).digest();
  bytes += html.length + (b?.length ?? 0) + (g?.length ?? 0);
}
const perPage = (performance.now() - started) / sample.length;
console.log(`static alternative, ${sample.length} pages in process (no Astro, no disk writes):`);
console.log(
  `  render + brotli 6 + gzip 6 + sha256   ${ms(perPage)} a page, ${(bytes / sample.length / 1024).toFixed(1)} KB`,
);
console.log(
  `  for all ${dataset.reviews.length} reviews        ${((perPage * dataset.reviews.length) / 1000).toFixed(1)} s in one process (compression on its thread pool), ${(((bytes / sample.length) * dataset.reviews.length) / 2 ** 20).toFixed(0)} MB`,
);

started = performance.now();
const pages = Object.values(manifest.files).map((e) => e.path);
const written = await writeSitemaps(
  tmp,
  manifest.site_url,
  pages,
  dataset.reviews.map((r) => reviewPath(r.id)),
);
console.log(`sitemaps with every review page: ${written.length} files in ${ms(performance.now() - started)}`);
await rm(tmp, { recursive: true, force: true });
