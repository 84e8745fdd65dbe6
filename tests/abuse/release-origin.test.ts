// The sidecar serves only releases built for its own SITE_URL: another origin's release fails the start or is refused.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../sidecar/log.ts";
import { createSidecar } from "../../sidecar/sidecar.ts";
import { TEST_SITE } from "../helpers/build.ts";
import { sampleReleaseCopies } from "../helpers/release-copy.ts";
import { startTestSidecar } from "../helpers/sidecar.ts";

const OTHER = "https://other.example.test";

async function setSiteUrl(dir: string, siteUrl: string): Promise<void> {
  const file = path.join(dir, "manifest.json");
  const manifest = JSON.parse(await readFile(file, "utf8")) as { site_url: string };
  manifest.site_url = siteUrl;
  await writeFile(file, JSON.stringify(manifest));
}

describe("a release built for another origin", () => {
  const fixture = sampleReleaseCopies();

  it("fails the start with a message naming both origins", async () => {
    const quiet = createLogger(
      () => {},
      () => {},
    );
    const config = loadConfig({ DIST_DIR: fixture.copies().distDir, SITE_URL: OTHER, PORT: "0", HUB_DB: ":memory:" });
    await assert.rejects(createSidecar(config, { logger: quiet }), (err: Error) => {
      assert.equal(err.name, "ReleaseError");
      assert.ok(err.message.includes(TEST_SITE), err.message);
      assert.ok(err.message.includes(OTHER), err.message);
      return true;
    });
  });

  it("is refused on reload: the current release stays and the log says why", async () => {
    const sc = fixture.started(await startTestSidecar(fixture.copies().distDir));
    const before = sc.sidecar.releases.current();
    const other = await fixture.copies().copy("other-origin");
    await setSiteUrl(other, OTHER);
    await fixture.copies().publish(other);
    const outcome = await sc.sidecar.releases.reload();
    assert.equal(outcome.status, "failed");
    assert.equal(sc.sidecar.releases.current(), before);
    const res = await sc.get("/reviews.json");
    await res.arrayBuffer();
    assert.equal(res.status, 200);
    const refused = sc.logs.find((l) => JSON.stringify(l).includes(OTHER));
    assert.ok(refused, "a log line names the other origin");
    assert.ok(JSON.stringify(refused).includes(TEST_SITE));
  });
});
