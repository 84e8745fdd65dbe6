// Releases are ordered by when DIST_DIR was switched to them: a swap back to an identical earlier release is newer.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rename, rm, symlink, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fingerprint } from "../../../sidecar/release/load.ts";

let root: string;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "release-order-"));
  for (const id of ["a", "b"]) {
    await mkdir(path.join(root, "releases", id), { recursive: true });
    await writeFile(path.join(root, "releases", id, "manifest.json"), "{}");
  }
});
after(() => rm(root, { recursive: true, force: true }));

/** Points `dist` at release `id` as the build does: a fresh symlink renamed over the old one. */
async function swap(id: string): Promise<void> {
  const tmp = path.join(root, "dist.tmp");
  await symlink(path.join("releases", id), tmp, "dir");
  await rename(tmp, path.join(root, "dist"));
}

describe("release order", () => {
  it("takes the symlink's time, so A, B, then A again is three releases, each newer", async () => {
    const dist = path.join(root, "dist");
    await swap("a");
    const first = await fingerprint(dist);
    await new Promise((r) => setTimeout(r, 20));
    await swap("b");
    const second = await fingerprint(dist);
    await new Promise((r) => setTimeout(r, 20));
    await swap("a");
    const third = await fingerprint(dist);
    assert.equal(third.dir, first.dir, "the same release directory");
    assert.ok(first.publishedAt < second.publishedAt && second.publishedAt < third.publishedAt);
    assert.notEqual(third.fingerprint, first.fingerprint, "seen as a change, so the hub looks again");
    assert.ok(Number.isInteger(third.publishedAt));
  });

  it("takes manifest.json's time when DIST_DIR is a plain directory", async () => {
    const plain = path.join(root, "releases", "b");
    const at = new Date("2026-11-01T12:00:00.250Z");
    await utimes(path.join(plain, "manifest.json"), at, at);
    assert.equal((await fingerprint(plain)).publishedAt, at.getTime());
  });
});
