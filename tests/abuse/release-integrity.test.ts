// A release file whose bytes differ from the manifest's sha256 (same size, changed in place) is never served.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { open, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../sidecar/log.ts";
import { createSidecar } from "../../sidecar/sidecar.ts";
import { TEST_SITE } from "../helpers/build.ts";
import { sampleReleaseCopies } from "../helpers/release-copy.ts";
import { startTestSidecar } from "../helpers/sidecar.ts";

type Entry = { path: string; sha256: string };

async function entryOf(dir: string, urlPath: string): Promise<Entry> {
  const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as {
    files: Record<string, Entry>;
  };
  return manifest.files[urlPath]!;
}

/** Overwrites one byte in the middle of the file: same size, other content. */
async function corrupt(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    const { size } = await handle.stat();
    const at = Math.floor(size / 2);
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, at);
    byte[0] = byte[0]! ^ 0x20;
    await handle.write(byte, 0, 1, at);
  } finally {
    await handle.close();
  }
}

describe("a release file changed after the build", () => {
  const fixture = sampleReleaseCopies();

  it("fails the start with a message naming the file", async () => {
    const bad = await fixture.copies().copy("corrupt-at-start");
    const entry = await entryOf(bad, "/reviews.json");
    await corrupt(path.join(bad, entry.path));
    const good = await fixture.copies().current();
    await fixture.copies().publish(bad);
    const quiet = createLogger(
      () => {},
      () => {},
    );
    const config = loadConfig({
      DIST_DIR: fixture.copies().distDir,
      SITE_URL: TEST_SITE,
      PORT: "0",
      HUB_DB: ":memory:",
    });
    try {
      await assert.rejects(createSidecar(config, { logger: quiet }), (err: Error) => {
        assert.equal(err.name, "ReleaseError");
        assert.match(err.message, /sha256/);
        assert.ok(err.message.includes(entry.path), err.message);
        return true;
      });
    } finally {
      await fixture.copies().publish(good);
    }
  });

  it("is refused on reload: the current release and its bytes stay", async () => {
    const sc = fixture.started(await startTestSidecar(fixture.copies().distDir));
    const before = sc.sidecar.releases.current();
    const bad = await fixture.copies().copy("corrupt-on-reload");
    const entry = await entryOf(bad, "/reviews.json");
    await corrupt(path.join(bad, entry.path));
    await fixture.copies().publish(bad);
    const outcome = await sc.sidecar.releases.reload();
    assert.equal(outcome.status, "failed");
    assert.equal(sc.sidecar.releases.current(), before);
    assert.ok(
      sc.logs.some((l) => JSON.stringify(l).includes(entry.path)),
      "the log names the file",
    );
    const res = await fetch(`${sc.url}/reviews.json`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(createHash("sha256").update(body).digest("hex"), entry.sha256);
  });
});
