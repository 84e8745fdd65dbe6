// Benchmark: the change log's cost at N reviews (hashing each review's JSON, the diff, the file, reading it back) and,
// with --dist, requests/s of /api/reviews/changes beside /api/reviews/since/{date} on a sidecar over that release.
// Usage: node scripts/bench/changes.ts [--reviews 100000] [--dist DIST_DIR --date YYYY-MM-DD] [--duration 5]
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { continueChangeLog, startChangeLog } from "../../src/lib/changes/diff.ts";
import { changeFeedOf } from "../../src/lib/changes/feed.ts";
import { decodeChangeLog, reviewHash, scanChangeLog } from "../../src/lib/changes/log.ts";
import { startSidecar } from "../lib/sidecar-process.ts";
import { runLoad } from "./lib/autocannon.ts";

const { values } = parseArgs({
  options: {
    reviews: { type: "string", default: "100000" },
    dist: { type: "string" },
    date: { type: "string", default: "2025-01-01" },
    duration: { type: "string", default: "5" },
  },
});
const n = Number(values.reviews);
const time = <T>(what: string, run: () => T): T => {
  const started = performance.now();
  const out = run();
  console.log(`${what.padEnd(58)} ${(performance.now() - started).toFixed(0).padStart(6)} ms`);
  return out;
};

// Reviews' published JSON of about the size the build writes (~1 KB each: text, author, annotations).
const filler = "Great service, the technician was on time and explained everything. ".repeat(10);
const json = (i: number, v = 0) =>
  Buffer.from(
    JSON.stringify({ id: `r-${String(i).padStart(6, "0")}`, v, published_at: "2024-01-01T00:00:00Z", text: filler }),
  );
const jsons = Array.from({ length: n }, (_, i) => json(i));
console.log(`${n} reviews, ${(jsons.reduce((s, b) => s + b.length, 0) / 2 ** 20).toFixed(0)} MB of JSON`);
const ids = jsons.map((_, i) => `r-${String(i).padStart(6, "0")}`);
const published = time("hash every review's JSON (sha256)", () =>
  jsons.map((b, i) => ({ id: ids[i]!, hash: reviewHash(b), changedAt: 1_700_000_000 + i })),
);
const first = time("new history (sort, number, encode the file)", () => startChangeLog(published));
const firstText = first.text;
console.log(
  `change log file: ${(Buffer.byteLength(firstText) / 2 ** 20).toFixed(2)} MB (${Buffer.byteLength(firstText)} bytes)`,
);
// A rebuild with 1% edited, 0.1% removed, 0.1% added.
const next = published
  .filter((_, i) => i % 1000 !== 1)
  .map((r, i) => (i % 100 === 0 ? { ...r, hash: reviewHash(json(i, 1)) } : r))
  .concat(
    Array.from({ length: n / 1000 }, (_, k) => ({ id: `new-${k}`, hash: reviewHash(json(n + k)), changedAt: 1 })),
  );
const scanned = time("read the file back (scan)", () => scanChangeLog(firstText));
const continued = time("continue it (1% edited, 0.1% removed, 0.1% added)", () =>
  continueChangeLog(scanned, next, 1_800_000_100),
);
console.log(`  added ${continued.upserts} upserts, ${continued.removals} removals`);
const plusOne = [...published, { id: "one-more", hash: reviewHash(json(n + 1)), changedAt: 1 }];
const added = time("continue it (one review added)", () =>
  continueChangeLog(scanChangeLog(firstText), plusOne, 1_800_000_100),
);
console.log(`  added ${added.upserts} upserts, ${added.removals} removals (scan included)`);
const text = continued.text;
const decoded = time("decode the file (the build, before writing the release database)", () => decodeChangeLog(text));
time("check it against the reviews' ids (the build, the same)", () =>
  changeFeedOf(
    decoded,
    next.map((r) => r.id),
    String,
  ),
);

if (values.dist) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-changes-"));
  const sidecar = await startSidecar(
    { DIST_DIR: values.dist, HUB_DB: path.join(tmp, "hub.sqlite"), SITE_URL: "https://reviews.example.test" },
    { timeoutMs: 60_000 },
  );
  const head = (await (await fetch(`${sidecar.url}/api/reviews/changes?limit=100`)).json()) as { next_cursor: string };
  const paths = {
    "changes (first 20)": "/api/reviews/changes?limit=20",
    "changes (20 after a cursor)": `/api/reviews/changes?limit=20&after=${head.next_cursor}`,
    [`since/${values.date}`]: `/api/reviews/since/${values.date}`,
  };
  for (const [name, p] of Object.entries(paths)) {
    const size = (await (await fetch(sidecar.url + p)).arrayBuffer()).byteLength;
    const run = await runLoad({ url: sidecar.url + p, connections: 10, durationSeconds: Number(values.duration) });
    console.log(`${name.padEnd(30)} ${run.requestsPerSecond.toFixed(0).padStart(7)} req/s  (${size} bytes, identity)`);
  }
  await sidecar.stop();
}
