// Benchmark: `npm run sync` of a 100,000-review Google listing (2,000 pages of 50 from a fake Business Profile API on
// 127.0.0.1), wall time and peak RSS of the sync process. Runs: the first full sync (all new), the same listing again
// (nothing changes), an incremental sync (stops at page 1). Usage: node scripts/bench/sync.ts [--count 100000]
// [--build] (also times the build the first sync triggers) [--keep] (keeps the data directory)
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./lib/data-sets.ts";
import { measuredRun } from "./lib/measured-run.ts";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    build: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const PAGE = 50;
const LIMIT = { seconds: 60, peakMb: 1024 };
const LOCATION = "accounts/1/locations/2";
const WORDS = "fast friendly tidy late fair price water heater furnace drain leak technician quote fixed clean".split(
  " ",
);

/** Review `i` of the listing, newest first: deterministic, a third with an owner reply. */
function review(i: number): Record<string, unknown> {
  const at = new Date(Date.parse("2026-11-01T00:00:00Z") - i * 600_000).toISOString();
  const words = Array.from({ length: 8 + (i % 40) }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]);
  return {
    name: `${LOCATION}/reviews/bench${i}`,
    reviewId: `bench${i}`,
    reviewer: { displayName: `Reviewer ${i % 5000}`, profilePhotoUrl: `https://lh3.googleusercontent.com/a/${i}` },
    starRating: ["ONE", "TWO", "THREE", "FOUR", "FIVE"][i % 5],
    comment: words.join(" "),
    createTime: at,
    updateTime: at,
    ...(i % 3 === 0 ? { reviewReply: { comment: "Thank you!", updateTime: at } } : {}),
  };
}

let requests = 0;
const server = http.createServer((req, res) => {
  requests++;
  const u = new URL(req.url ?? "/", "http://x");
  res.setHeader("content-type", "application/json");
  if (req.method === "POST" && u.pathname === "/token") {
    req.resume();
    res.end(JSON.stringify({ access_token: "bench-access-token", expires_in: 3599 }));
    return;
  }
  if (u.pathname !== `/v4/${LOCATION}/reviews`) {
    res.writeHead(404).end("{}");
    return;
  }
  const start = Number(u.searchParams.get("pageToken") ?? 0);
  const size = Number(u.searchParams.get("pageSize"));
  const page = Array.from({ length: Math.max(0, Math.min(size, count - start)) }, (_, k) => review(start + k));
  const next = start + size < count ? { nextPageToken: String(start + size) } : {};
  res.end(JSON.stringify({ reviews: page, averageRating: 3, totalReviewCount: count, ...next }));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-sync-"));
const dataDir = path.join(tmp, "data");
await mkdir(dataDir);
await copyFile(path.join(ROOT, "data/business.json"), path.join(dataDir, "business.json"));
await writeFile(path.join(dataDir, "reviews.jsonl"), "");

async function measure(args: string[]): Promise<{ seconds: number; peakMb: number; line: string; out: string }> {
  const { code, out, seconds, peakMb } = await measuredRun("scripts/sync.ts", args, {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: path.join(tmp, "dist"),
    GOOGLE_CLIENT_ID: "bench",
    GOOGLE_CLIENT_SECRET: "bench-secret",
    GOOGLE_REFRESH_TOKEN: "bench-refresh",
    GOOGLE_LOCATION: LOCATION,
    GOOGLE_API_URL: api,
    GOOGLE_TOKEN_URL: `${api}/token`,
  });
  if (code !== 0) throw new Error(`sync failed with exit code ${code}:\n${out}`);
  const line = out.split("\n").find((l) => l.startsWith("google:")) ?? "";
  return { seconds, peakMb, line, out };
}

console.log(`${count} Google reviews, ${Math.ceil(count / PAGE)} pages of ${PAGE}`);
console.log("run                      wall_s   peak_rss_mb   requests   result");
let ok = true;
for (const [name, args] of [
  ["first full sync", values.build ? [] : ["--no-build"]],
  ["same listing again", ["--no-build"]],
  ["incremental", ["--no-build", "--incremental"]],
] as const) {
  const before = requests;
  const r = await measure([...args]);
  // The sync's own process only: the build it triggers (--build) runs in processes of its own.
  ok &&= r.peakMb < LIMIT.peakMb && (values.build && name === "first full sync" ? true : r.seconds < LIMIT.seconds);
  console.log(
    `${name.padEnd(22)} ${r.seconds.toFixed(2).padStart(8)}   ${r.peakMb.toFixed(0).padStart(11)}   ${String(requests - before).padStart(8)}   ${r.line.replace(/^google: /, "")}`,
  );
}
server.close();
if (!values.keep) await rm(tmp, { recursive: true, force: true });
else console.log(`kept ${tmp}`);
console.log(ok ? `within the target (< ${LIMIT.seconds} s, < ${LIMIT.peakMb} MiB)` : "OVER the target");
process.exitCode = ok ? 0 : 1;
