// Two builds of one DIST_DIR at once: the second is refused at once, naming the build that holds it, and the first
// publishes as if alone (they would share the build's data and cache directories).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { access, rm } from "node:fs/promises";
import path from "node:path";
import { after, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { releasePaths } from "../../src/build/release-paths.ts";
import { LOCK_FILE } from "../../src/lib/data-lock.ts";
import { ROOT, SAMPLE_DATA, TEST_SITE } from "../helpers/build.ts";
import { scratchDir } from "../../scripts/lib/build-site.ts";

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function startBuild(distDir: string): Promise<{ code: number | null; out: string }> {
  const env = { ...process.env, DATA_DIR: SAMPLE_DATA, DIST_DIR: distDir, SITE_URL: TEST_SITE };
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/build.ts")], { cwd: ROOT, env });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
}

it("refuses a second build of the same DIST_DIR while the first runs, and the first publishes", async () => {
  const dir = await scratchDir("reviews-two-builds-");
  dirs.push(dir);
  const distDir = path.join(dir, "dist");
  const first = startBuild(distDir);
  const lock = path.join(releasePaths(distDir).buildDir, LOCK_FILE);
  for (
    let waited = 0;
    !(await access(lock).then(
      () => true,
      () => false,
    ));
    waited += 50
  ) {
    assert.ok(waited < 60_000, "the first build took its lock");
    await sleep(50);
  }
  const second = await startBuild(distDir);
  assert.equal(second.code, 3, second.out);
  assert.match(second.out, /held by npm run build of .*dist \(pid \d+ on /);
  const done = await first;
  assert.equal(done.code, 0, done.out);
  assert.match(done.out, /published \d+ files as release/);
});
