// Reloading: a new release (symlink swapped) is picked up by the watcher, the periodic check or reload(); a broken one is refused.
import assert from "node:assert/strict";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, it } from "node:test";
import { sampleSite } from "../../helpers/synthetic-release.ts";
import { createApp } from "../../../sidecar/app.ts";
import { createReleaseStore, type ReleaseStore } from "../../../sidecar/release/release-store.ts";
import type { Release } from "../../../sidecar/release/release.ts";
import { watchRelease } from "../../../sidecar/release/watch.ts";
import { memoryLogger } from "../../helpers/logger.ts";
import { loadConfig } from "../../../src/config.ts";
import { type Fixture, fixture } from "./fixture.ts";

async function until(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("reloading a release", () => {
  let f: Fixture;
  let closers: Array<() => unknown> = [];
  afterEach(async () => {
    for (const c of closers) await c();
    closers = [];
    await f.cleanup();
  });

  async function setup(): Promise<{
    store: ReleaseStore;
    app: ReturnType<typeof createApp>;
    logger: ReturnType<typeof memoryLogger>;
  }> {
    f = await fixture();
    const logger = memoryLogger();
    const store = createReleaseStore(f.site, { distDir: f.distDir, logger });
    const app = createApp({ config: loadConfig({ DIST_DIR: f.distDir }), release: store.current, logger });
    return { store, app, logger };
  }
  const generation = async (app: ReturnType<typeof createApp>) =>
    (await (await app.request("/reviews.json")).json()).generation;

  it("notices the symlink being replaced and serves the new content", async () => {
    const { store, app } = await setup();
    const watcher = watchRelease({
      distDir: f.distDir,
      intervalSeconds: 3600,
      check: store.check,
      logger: memoryLogger(),
      debounceMs: 10,
    });
    closers.push(watcher.close);
    assert.equal(await generation(app), 1);
    await f.release(sampleSite({ generation: 2 }));
    await until("the watcher to load generation 2", async () => (await generation(app)) === 2);
  });

  it("picks up a new release on check() (the periodic path) and on reload(), and reports no change otherwise", async () => {
    const { store, app } = await setup();
    assert.equal((await store.check()).status, "unchanged");
    await f.release(sampleSite({ generation: 2 }));
    assert.equal((await store.check()).status, "reloaded");
    assert.equal(await generation(app), 2);
    await f.release(sampleSite({ generation: 3 }));
    assert.equal((await store.reload()).status, "reloaded");
    assert.equal(await generation(app), 3);
    assert.equal((await store.reload()).status, "unchanged");
  });

  it("tells listeners about each swap with the previous and the new snapshot", async () => {
    const { store } = await setup();
    const seen: Array<[Release, Release]> = [];
    store.onChange(() => {
      throw new Error("a broken listener does not stop the others");
    });
    const off = store.onChange((prev, next) => seen.push([prev, next]));
    const first = store.current();
    await f.release(sampleSite({ generation: 2 }));
    await store.reload();
    assert.equal(seen.length, 1);
    assert.equal(seen[0]![0], first);
    assert.equal(seen[0]![1], store.current());
    assert.notEqual(
      seen[0]![0].files.get("/reviews.json")!.identity.etag,
      seen[0]![1].files.get("/reviews.json")!.identity.etag,
    );
    off();
    await f.release(sampleSite({ generation: 3 }));
    await store.reload();
    assert.equal(seen.length, 1);
  });

  it("keeps serving the old release when the new one is broken, logging it once", async () => {
    const { store, app, logger } = await setup();
    const broken = await f.release(sampleSite({ generation: 2 }));
    await writeFile(path.join(broken, "manifest.json"), '{"manifest_version": 1}');
    const outcome = await store.check();
    assert.equal(outcome.status, "failed");
    assert.equal(await generation(app), 1);
    assert.equal((await app.request("/reviews.json")).status, 200);
    await store.check();
    await store.check();
    assert.equal(logger.records.filter((r) => r.level === "error").length, 1, "the same broken release is logged once");
    await f.release(sampleSite({ generation: 3 }));
    assert.equal((await store.check()).status, "reloaded");
    assert.equal(await generation(app), 3);
  });

  it("keeps serving when DIST_DIR disappears", async () => {
    const { store, app } = await setup();
    await rm(f.distDir);
    assert.equal((await store.check()).status, "failed");
    assert.equal(await generation(app), 1);
  });

  it("fails no request while releases are swapped under concurrent load", async () => {
    const { store, app } = await setup();
    const etags = new Map<string, number>([[f.site.files.get("/reviews.json")!.identity.etag, 1]]);
    let stop = false;
    let requests = 0;
    const failures: string[] = [];
    const seen: Array<[string, number]> = [];
    const client = async () => {
      while (!stop) {
        const res = await app.request("/reviews.json", {
          headers: { "accept-encoding": requests % 2 ? "gzip" : "identity" },
        });
        requests++;
        if (res.status !== 200) failures.push(`status ${res.status}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (String(body.length) !== res.headers.get("content-length")) failures.push("length mismatch");
        if (res.headers.get("content-encoding") === null)
          seen.push([res.headers.get("etag")!, JSON.parse(body.toString()).generation]);
        // Cached responses resolve in microtasks only; let the reload's file system work run.
        await new Promise((r) => setImmediate(r));
      }
    };
    const clients = Array.from({ length: 8 }, client);
    for (let gen = 2; gen <= 12; gen++) {
      await f.release(sampleSite({ generation: gen }));
      const outcome = await store.reload();
      assert.equal(outcome.status, "reloaded");
      etags.set(store.current().files.get("/reviews.json")!.identity.etag, gen);
      await new Promise((r) => setTimeout(r, 5));
    }
    stop = true;
    await Promise.all(clients);
    assert.deepEqual(failures, []);
    for (const [etag, gen] of seen) assert.equal(etags.get(etag), gen, "headers and body come from the same release");
    assert.ok(requests > 50, `only ${requests} requests made`);
    assert.equal(await generation(app), 12);
  });

  it("coalesces overlapping reloads into one load plus one fresh look", async () => {
    const { store } = await setup();
    await f.release(sampleSite({ generation: 2 }));
    const outcomes = await Promise.all([store.reload(), store.reload(), store.check(), store.reload()]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ["reloaded", "unchanged", "unchanged", "unchanged"],
    );
  });
});
