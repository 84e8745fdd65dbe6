// A 400 of the read API is not cached: a refusal kept by a CDN or browser would go on refusing a corrected request.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sampleRelease } from "../../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";

let running: TestSidecar;

before(async () => {
  running = await startTestSidecar(await sampleRelease());
});
after(() => running?.stop());

const get = (path: string, headers: Record<string, string> = {}) => running.sidecar.app.request(path, { headers });

describe("Cache-Control of read API answers", () => {
  for (const path of [
    "/api/reviews/search?min_rating=9",
    "/api/reviews/search?limit=0",
    "/api/reviews/since/2026-13-45",
    "/api/reviews/changes?limit=0",
    "/api/reviews/changes?after=not-a-cursor",
  ]) {
    it(`${path}: 400 with no-store, compressed or not`, async () => {
      for (const headers of [{}, { "accept-encoding": "br, gzip" }]) {
        const res = await get(path, headers);
        assert.equal(res.status, 400, await res.clone().text());
        assert.equal(res.headers.get("cache-control"), "no-store");
        assert.ok(Array.isArray(((await res.json()) as { issues?: unknown[] }).issues));
      }
    });
  }

  it("a 200 keeps its public max-age", async () => {
    for (const path of ["/api/reviews/search?limit=1", "/api/reviews/changes?limit=1"]) {
      const res = await get(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("cache-control") ?? "", /^public, max-age=300/);
    }
  });
});
