// SITE_URL set but empty, or not an http(s) origin, is an error naming it; unset, the build warns which origin it
// builds for and `npm start` uses the address it listens on. A release built for another SITE_URL than the running
// sidecar's is refused, and /api/status says so (while /healthz stays a liveness check).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { before, describe, it } from "node:test";
import { scratchDir } from "../../scripts/lib/build-site.ts";
import { ConfigError, environment, listenOrigin, loadConfig } from "../../src/config.ts";
import { build, ROOT } from "../helpers/build.ts";
import { startTestSidecar } from "../helpers/sidecar.ts";
import { assertRefused, dataDir, type LiveRelease, liveRelease, sampleLines } from "../helpers/data-dir.ts";

describe("SITE_URL", () => {
  for (const value of [
    "",
    "reviews.example.test",
    "/reviews",
    "ftp://reviews.example.test",
    "https://x.test/base",
    "https://x.test/?a=1",
    "https://x.test/#top",
    "https://user@x.test",
  ]) {
    it(`refuses ${JSON.stringify(value)}, naming the variable`, () => {
      assert.throws(
        () => loadConfig({ SITE_URL: value }),
        (err: unknown) => err instanceof ConfigError && /SITE_URL: /.test(err.message),
      );
    });
  }

  it("accepts an origin, with or without its slash, and says whether it was set", () => {
    assert.equal(loadConfig({ SITE_URL: "https://x.test:8443/" }).siteUrl, "https://x.test:8443");
    assert.equal(loadConfig({ SITE_URL: "http://x.test" }).siteUrlSet, true);
    assert.equal(loadConfig({}).siteUrlSet, false);
  });

  it("is read from the environment over a .env file, one default for every command", async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "reviews-env-")), ".env");
    assert.deepEqual(environment(file, { PORT: "1" }), { PORT: "1" }, "no .env: the environment alone");
    await writeFile(file, "SITE_URL=https://from-file.example.test\nPORT=8080\n");
    assert.equal(loadConfig(environment(file, {})).siteUrl, "https://from-file.example.test");
    const both = loadConfig(environment(file, { SITE_URL: "https://from-env.example.test" }));
    assert.equal(both.siteUrl, "https://from-env.example.test", "the environment wins");
    assert.equal(both.port, 8080);
    // Unset: the address the sidecar listens on, for the build, npm start and the sidecar alike.
    assert.equal(loadConfig({}).siteUrl, "http://localhost:4321");
    assert.equal(loadConfig({ PORT: "8080" }).siteUrl, "http://localhost:8080");
    assert.equal(loadConfig({ HOST: "192.0.2.7", PORT: "80" }).siteUrl, "http://192.0.2.7");
  });

  it("is derived from HOST and PORT for npm start", () => {
    assert.equal(listenOrigin("127.0.0.1", 8080), "http://127.0.0.1:8080");
    assert.equal(listenOrigin("0.0.0.0", 4321), "http://localhost:4321");
    assert.equal(listenOrigin("::1", 4321), "http://[::1]:4321");
  });

  describe("in a build", () => {
    let live: LiveRelease;
    before(async () => {
      live = await liveRelease();
    });

    it("set but empty, fails the build and keeps the release", async () => {
      const data = await dataDir({ reviews: `${(await sampleLines()).join("\n")}\n` });
      const result = await build({ dataDir: data, distDir: live.distDir, siteUrl: "" });
      await assertRefused(result, live, /SITE_URL: /);
    });

    it("for another origin than the running sidecar's, shows in /api/status as a refused release", async () => {
      const own = await liveRelease();
      const sc = await startTestSidecar(own.distDir, { ADMIN_PORT: "0" });
      try {
        const data = await dataDir({ reviews: `${(await sampleLines()).join("\n")}\n` });
        const built = await build({ dataDir: data, distDir: own.distDir, siteUrl: "https://elsewhere.example.test" });
        assert.equal(built.code, 0, built.stderr);
        await sc.sidecar.releases.check();
        const status = (await (await sc.get("/api/status")).json()) as {
          status: string;
          release: { id: string };
          refused_release?: { since: string; remedy: string; error?: string };
        };
        assert.equal(status.status, "stale");
        assert.equal(status.release.id, sc.sidecar.releases.current().id, "the previous release is still served");
        assert.match(status.refused_release?.remedy ?? "", /SITE_URL=https:\/\/reviews\.example\.test/);
        assert.equal(status.refused_release?.error, undefined, "the public status names no file of this machine");
        const admin = (await (await sc.admin("/api/status")).json()) as typeof status;
        assert.equal(admin.status, "stale");
        assert.match(admin.refused_release?.error ?? "", /built for https:\/\/elsewhere\.example\.test/);
        const health = await sc.get("/healthz");
        assert.equal(health.status, 200, "liveness is not readiness");
        assert.equal(((await health.json()) as { status: string }).status, "ok");
      } finally {
        await sc.stop();
      }
    });

    it("unset, makes the build warn which origin it builds for", async () => {
      const env: Record<string, string | undefined> = {
        ...process.env,
        DATA_DIR: await dataDir({ reviews: `${(await sampleLines()).join("\n")}\n` }),
      };
      env.DIST_DIR = path.join(await scratchDir("reviews-build-"), "dist");
      delete env.SITE_URL;
      const child = spawn(process.execPath, [path.join(ROOT, "scripts/build.ts")], { cwd: ROOT, env });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const code = await new Promise((resolve) => child.on("exit", resolve));
      assert.equal(code, 0, output);
      assert.match(output, /SITE_URL is not set: building for http:\/\/localhost:4321/);
    });
  });
});
