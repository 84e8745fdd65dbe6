// Test helper: copies of the sample release under a temporary DIST_DIR, to change and publish without touching the shared one.
import { cp, mkdtemp, realpath, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { copyRelease } from "../../scripts/lib/build-site.ts";
import { publish } from "./synthetic-release.ts";
import { after, before } from "node:test";
import { sampleRelease } from "./build.ts";
import type { TestSidecar } from "./sidecar.ts";

export type ReleaseCopies = Readonly<{
  /** DIST_DIR, a symlink to the copy of the sample release. */
  distDir: string;
  /** The directory DIST_DIR points at now. */
  current: () => Promise<string>;
  /** Copies the release DIST_DIR points at to a sibling directory named `id`, for a test to change before `publish`. */
  copy: (id: string) => Promise<string>;
  /** Points DIST_DIR at `dir` atomically, as a build's promote does. */
  publish: (dir: string) => Promise<void>;
  cleanup: () => Promise<void>;
}>;

export async function releaseCopies(sampleDistDir: string): Promise<ReleaseCopies> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "release-copy-"));
  const distDir = path.join(tmp, "dist");
  await copyRelease(sampleDistDir, distDir);
  const current = () => realpath(distDir);
  return {
    distDir,
    current,
    copy: async (id) => {
      const from = await current();
      const to = path.join(path.dirname(from), id);
      await cp(from, to, { recursive: true });
      return to;
    },
    publish: (dir) => publish(distDir, dir),
    cleanup: () => rm(tmp, { recursive: true, force: true }),
  };
}

/**
 * For one describe block: copies of the sample release made before its tests, removed after them together with the
 * sidecar a test started on them (handed to `started`).
 */
export function sampleReleaseCopies(): Readonly<{
  copies: () => ReleaseCopies;
  started: (sidecar: TestSidecar) => TestSidecar;
}> {
  let copies: ReleaseCopies | undefined;
  let sidecar: TestSidecar | undefined;
  before(async () => {
    copies = await releaseCopies(await sampleRelease());
  });
  after(async () => {
    await sidecar?.stop();
    await copies?.cleanup();
  });
  return {
    copies: () => copies!,
    started: (sc) => (sidecar = sc),
  };
}
