// The read API over HTTP semantics: envelope, 400 issues, since order and validators, encodings, methods, fuzzing, reload.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import zlib from "node:zlib";
import fc from "fast-check";
import { loadRelease } from "../../../sidecar/release/load.ts";
import type { SearchIndexStore } from "../../../sidecar/release/index-store.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { SearchQueryParams } from "../../../src/lib/schema/search.ts";
import { SinceResult } from "../../../src/lib/schema/search-results.ts";
import { build, sampleRelease } from "../../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";

type App = TestSidecar["sidecar"]["app"];
let running: TestSidecar;
let app: App;
let search: SearchIndexStore;
let reviews: { id: string; date: string; rating: number }[];
let published: Review[];

before(async () => {
  const distDir = await sampleRelease();
  running = await startTestSidecar(distDir);
  ({ app, search } = running.sidecar);
  published = (JSON.parse(await readFile(path.join(distDir, "reviews.json"), "utf8")) as { reviews: Review[] }).reviews;
  reviews = published.map((r) => ({ id: r.id, date: r.date, rating: r.rating }));
});
after(() => running?.stop());

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe("GET /api/reviews/search", () => {
  it("answers the envelope with total, count, limit, filters and next_cursor, newest first", async () => {
    const res = await get("/api/reviews/search?min_rating=4&limit=5");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("cache-control") ?? "", /max-age/);
    const body = await res.json();
    const expected = reviews.filter((r) => r.rating >= 4);
    assert.equal(body.total, expected.length);
    assert.equal(body.count, 5);
    assert.equal(body.limit, 5);
    assert.deepEqual(
      body.reviews.map((r: { id: string }) => r.id),
      expected.slice(0, 5).map((r) => r.id),
    );
    assert.equal(body.filters.min_rating, 4);
    assert.equal(typeof body.next_cursor, "string");
    const next = await (await get(`/api/reviews/search?cursor=${body.next_cursor}&limit=5`)).json();
    assert.deepEqual(
      next.reviews.map((r: { id: string }) => r.id),
      expected.slice(5, 10).map((r) => r.id),
    );
  });

  it("defaults limit to 20", async () => {
    const body = await (await get("/api/reviews/search")).json();
    assert.equal(body.limit, 20);
    assert.equal(body.count, 20);
    assert.equal(body.total, reviews.length);
  });

  for (const [qs, params] of [
    ["rating=0", ["rating"]],
    ["rating=4.5", ["rating"]],
    ["limit=101", ["limit"]],
    ["since=2024-02-30", ["since"]],
    ["min_rating=abc", ["min_rating"]],
    [`query=${"x".repeat(201)}`, ["query"]],
    ["cursor=Zm9v", ["cursor"]],
    ["rating=5&rating=4", ["rating"]],
    ["nope=1&limit=0", ["limit", "nope"]],
    ["since=2025-01-02&until=2025-01-01", ["since"]],
    ["mentions_technician=Nobody", ["mentions_technician"]],
    ["mentions_service=roofing&mentions_technician=Rosa", ["mentions_service"]],
  ] as const) {
    it(`answers 400 with issues naming each offending parameter: ${qs.slice(0, 40)}`, async () => {
      const res = await get(`/api/reviews/search?${qs}`);
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.deepEqual([...new Set(body.issues.map((i: { path: string[] }) => i.path[0]))].sort(), [...params].sort());
      for (const issue of body.issues) assert.ok(issue.code && issue.message);
    });
  }

  it("answers 400 for a technician or service no catalog entry is called, listing the known ones, never total 0", async () => {
    const res = await get("/api/reviews/search?mentions_technician=Nobody");
    assert.equal(res.status, 400);
    const { issues } = await res.json();
    assert.equal(issues.length, 1);
    assert.equal(issues[0].code, "custom");
    assert.deepEqual(issues[0].path, ["mentions_technician"]);
    assert.match(issues[0].message, /^no technician is called "Nobody"; known: Michael Torres \(michael-torres\), /);
    assert.match(issues[0].message, /Rosa Delgado \(rosa-delgado\)/);
  });

  it("resolves a technician the way mentions find them: accents and case aside, by first name", async () => {
    for (const name of ["jose", "JOSÉ RAMÍREZ", "jose-ramirez", "Michael", "zoe"]) {
      const res = await get(`/api/reviews/search?mentions_technician=${encodeURIComponent(name)}&limit=1`);
      assert.equal(res.status, 200, name);
      assert.ok((await res.json()).total > 0, name);
    }
  });

  it("never answers 500, whatever the query string (fuzzed)", async () => {
    // Every parameter the search takes, an unknown one and an empty name.
    const key = fc.constantFrom(...Object.keys(SearchQueryParams.shape), "x", "");
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(key, fc.string({ unit: "binary", maxLength: 30 })), { maxLength: 5 }),
        async (pairs) => {
          const qs = new URLSearchParams(pairs).toString();
          const res = await get(`/api/reviews/search?${qs}`);
          assert.ok(res.status === 200 || res.status === 400, `${res.status} for ${qs}`);
          await res.json();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("ignores an Authorization header, answers 405 with Allow to other methods, and supports HEAD", async () => {
    const withAuth = await get("/api/reviews/search?limit=1", { authorization: "Bearer nonsense" });
    assert.equal(withAuth.status, 200);
    const post = await app.request("/api/reviews/search", { method: "POST" });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get("allow"), "GET, HEAD, OPTIONS");
    assert.equal((await post.json()).code, "method_not_allowed");
    const head = await app.request("/api/reviews/search?limit=1", { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), "");
  });

  it("compresses with br or gzip when asked, to the same JSON", async () => {
    const plain = await (await get("/api/reviews/search?limit=50")).text();
    const br = await get("/api/reviews/search?limit=50", { "accept-encoding": "gzip, br" });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.equal(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString(), plain);
    const gz = await get("/api/reviews/search?limit=50", { "accept-encoding": "gzip" });
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.equal(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString(), plain);
  });
});

describe("GET /api/reviews/since/{date}", () => {
  const date = () => reviews[Math.floor(reviews.length / 4)]!.date;

  it("returns every review on or after the date, oldest first (date, then id ascending)", async () => {
    const res = await get(`/api/reviews/since/${date()}`);
    assert.equal(res.status, 200);
    const body = await res.json();
    const expected = reviews.filter((r) => r.date >= date()).reverse();
    assert.equal(body.since, date());
    assert.equal(body.count, expected.length);
    assert.deepEqual(
      body.reviews.map((r: { id: string }) => r.id),
      expected.map((r) => r.id),
    );
    // The very records /reviews.json publishes, in the documented envelope.
    SinceResult.parse(body);
    const byId = new Map(published.map((r) => [r.id, r]));
    for (const r of body.reviews as Review[]) assert.deepEqual(r, byId.get(r.id));
  });

  it("answers a future date with an empty array and a malformed or impossible date with 400", async () => {
    const future = await (await get("/api/reviews/since/2999-01-01")).json();
    assert.deepEqual([future.count, future.reviews], [0, []]);
    for (const bad of ["2024-02-30", "2024-1-01", "yesterday", "2024-01-01T00:00:00Z"]) {
      const res = await get(`/api/reviews/since/${bad}`);
      assert.equal(res.status, 400, bad);
      assert.deepEqual((await res.json()).issues[0].path, ["date"]);
    }
  });

  it("sends the same bytes with their Content-Length on every request, and HEAD the same headers without a body", async () => {
    const first = await get(`/api/reviews/since/${date()}`);
    const bytes = Buffer.from(await first.arrayBuffer());
    assert.equal(Number(first.headers.get("content-length")), bytes.length);
    const again = await get(`/api/reviews/since/${date()}`);
    assert.deepEqual(Buffer.from(await again.arrayBuffer()), bytes);
    const head = await app.request(`/api/reviews/since/${date()}`, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), "");
    for (const h of ["content-length", "etag", "content-type"])
      assert.equal(head.headers.get(h), first.headers.get(h), h);
  });

  it("emits ETag and Last-Modified, and answers 304 with an empty body to a matching validator", async () => {
    const res = await get(`/api/reviews/since/${date()}`);
    const etag = res.headers.get("etag")!;
    const lastModified = res.headers.get("last-modified")!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    assert.ok(lastModified);
    const byEtag = await get(`/api/reviews/since/${date()}`, { "if-none-match": etag });
    assert.equal(byEtag.status, 304);
    assert.equal(await byEtag.text(), "");
    const byDate = await get(`/api/reviews/since/${date()}`, { "if-modified-since": lastModified });
    assert.equal(byDate.status, 304);
    // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
    const stale = await get(`/api/reviews/since/${date()}`, {
      "if-none-match": '"other"',
      "if-modified-since": lastModified,
    });
    assert.equal(stale.status, 200);
    const gz = await get(`/api/reviews/since/${date()}`, { "accept-encoding": "gzip" });
    assert.notEqual(gz.headers.get("etag"), etag, "each encoding has its own ETag");
    assert.equal(
      (
        await get(`/api/reviews/since/${date()}`, {
          "accept-encoding": "gzip",
          "if-none-match": gz.headers.get("etag")!,
        })
      ).status,
      304,
    );
  });
});

describe("reload", () => {
  it("answers from the new release once its index is built, and every request during the rebuild succeeds", async () => {
    const { mkdtemp, copyFile, readFile, writeFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const os = await import("node:os");
    const { SAMPLE_DATA } = await import("../../helpers/build.ts");
    const dir = await mkdtemp(path.join(os.tmpdir(), "reviews-data-"));
    await copyFile(path.join(SAMPLE_DATA, "business.json"), path.join(dir, "business.json"));
    const lines = (await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8")).split("\n").filter(Boolean);
    await writeFile(path.join(dir, "reviews.jsonl"), `${lines.slice(0, 100).join("\n")}\n`);
    const smaller = await build({ dataDir: dir });
    assert.equal(smaller.code, 0, smaller.stderr);
    const updating = search.update(await loadRelease(smaller.distDir));
    const during = await Promise.all(
      Array.from({ length: 20 }, () => Promise.resolve(get("/api/reviews/search?limit=1"))),
    );
    assert.ok(during.every((r) => r.status === 200));
    await updating;
    assert.equal((await (await get("/api/reviews/search")).json()).total, 100);
  });
});
