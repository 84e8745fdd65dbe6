// DIST_DIR on another filesystem than the project (here tmpfs): the build stages its pages on the project's filesystem,
// copies them across and renames them into place there, instead of failing with EXDEV. A second build (pages carried
// over from the first, across filesystems) publishes as well. Skipped where no other filesystem is at hand.
import assert from "node:assert/strict";
import { existsSync, statSync } from "node:fs";
import { mkdtemp, readdir, readlink, rm } from "node:fs/promises";
import path from "node:path";
import { after, it } from "node:test";
import { build, ROOT } from "../helpers/build.ts";
import { dataDir, sampleLines } from "../helpers/data-dir.ts";

const OTHER = "/dev/shm";
const other = existsSync(OTHER) && statSync(OTHER).dev !== statSync(ROOT).dev;
let tmp: string | undefined;
after(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

it(
  "publishes into a DIST_DIR on another filesystem, twice",
  { skip: !other && `${OTHER} is on the project's filesystem` },
  async () => {
    tmp = await mkdtemp(path.join(OTHER, "reviews-dist-"));
    const distDir = path.join(tmp, "dist");
    const lines = await sampleLines(8);
    const first = await build({ dataDir: await dataDir({ reviews: `${lines.slice(0, 6).join("\n")}\n` }), distDir });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const release1 = await readlink(distDir);
    assert.ok(existsSync(path.join(distDir, "manifest.json")));
    const second = await build({ dataDir: await dataDir({ reviews: `${lines.join("\n")}\n` }), distDir });
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.notEqual(await readlink(distDir), release1);
    assert.ok(existsSync(path.join(distDir, "manifest.json")));
    const left = (await readdir(path.join(ROOT, ".astro")).catch(() => [])).filter((n) => n.startsWith("staging-"));
    assert.deepEqual(left, [], "staging left under the project");
  },
);
