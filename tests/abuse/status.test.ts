// Public /api/status shows a visitor only the release and health; the process, queue and subscriber figures are on the
// admin listener (ADMIN_PORT, loopback only), which starts and stops with the sidecar.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { loadConfig } from "../../src/config.ts";
import { sampleRelease } from "../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

describe("status endpoints", () => {
  let sc: TestSidecar;
  before(async () => (sc = await startTestSidecar(await sampleRelease(), { ADMIN_PORT: "0" })));
  after(() => sc.stop());

  it("tells a public visitor only the release and its health", async () => {
    const body = (await (await sc.get("/api/status")).json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ["release", "status"]);
    assert.equal(body["status"], "ok");
    assert.deepEqual(Object.keys(body["release"] as object).sort(), ["id", "updated_at"]);
    assert.equal((body["release"] as { id: string }).id, sc.sidecar.releases.current().id);
  });

  it("gives the full figures on the admin listener, bound to 127.0.0.1", async () => {
    const adminUrl = sc.sidecar.adminUrl();
    assert.ok(adminUrl, "the admin listener runs");
    assert.equal(new URL(adminUrl).hostname, "127.0.0.1");
    assert.notEqual(adminUrl, sc.url);
    const body = (await (await fetch(`${adminUrl}/api/status`)).json()) as {
      release: { id: string };
      websub: { deliveries_pending: number; subscriptions: { active: number } };
      process: { rss_bytes: number; event_loop_delay_ms: Record<string, number> };
    };
    assert.equal(body.release.id, sc.sidecar.releases.current().id);
    assert.equal(typeof body.websub.deliveries_pending, "number");
    assert.equal(typeof body.websub.subscriptions.active, "number");
    assert.equal(typeof body.process.rss_bytes, "number");
    assert.deepEqual(Object.keys(body.process.event_loop_delay_ms).sort(), ["max", "p50", "p99", "samples"]);
    assert.ok(body.process.event_loop_delay_ms["samples"]! > 0, "the loop was sampled since the start");
    const other = await fetch(`${adminUrl}/reviews.json`);
    assert.equal(other.status, 404, "the admin listener serves no site");
    await other.arrayBuffer();
  });

  it("is off unless ADMIN_PORT is set, and stops with the sidecar", async () => {
    assert.equal(loadConfig({}).adminPort, undefined);
    assert.equal(loadConfig({ ADMIN_PORT: "" }).adminPort, undefined);
    assert.equal(loadConfig({ ADMIN_PORT: "9100" }).adminPort, 9100);
    const plain = await startTestSidecar(await sampleRelease(), { ADMIN_PORT: "" });
    try {
      assert.equal(plain.sidecar.adminUrl(), undefined);
    } finally {
      await plain.stop();
    }
    const own = await startTestSidecar(await sampleRelease(), { ADMIN_PORT: "0" });
    const adminUrl = own.sidecar.adminUrl()!;
    await own.stop();
    await assert.rejects(fetch(`${adminUrl}/api/status`), "nothing listens after the stop");
  });
});
