// `npm run export:static` as a user runs it, on the sample release: what a static host gets, and what is refused.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { copyRelease } from "../../../scripts/lib/build-site.ts";
import { listFiles } from "../../../src/build/list-files.ts";
import { redirectsFile, SIDECAR_PATHS } from "../../../src/export/redirects.ts";
import { isLoopbackOrigin } from "../../../src/export/write-export.ts";
import { Manifest } from "../../../src/lib/schema/manifest.ts";
import { ROOT, sampleRelease } from "../../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";

const SCRIPT = path.join(ROOT, "scripts/export-static.ts");
const ORIGIN = "https://sidecar.example.test";
const INTERNAL = ["manifest.json", "search-index.bin", "change-log.json", "review-page-shell/index.html"];

function exportStatic(distDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: distDir },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe("npm run export:static", () => {
  let distDir: string;
  let release: string;
  let manifest: Manifest;
  let tmp: string;

  before(async () => {
    distDir = await sampleRelease();
    release = await realpath(distDir);
    manifest = Manifest.parse(JSON.parse(await readFile(path.join(release, "manifest.json"), "utf8")));
    tmp = await mkdtemp(path.join(os.tmpdir(), "reviews-export-"));
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it("copies every public file byte for byte, _headers as built and _redirects to the sidecar, nothing else", async () => {
    const out = path.join(tmp, "site");
    const run = exportStatic(distDir, out, "--sidecar-origin", `${ORIGIN}/`);
    assert.equal(run.code, 0, run.out);
    assert.match(
      run.out,
      /left out: change-log\.json, manifest\.json, mcp-apps\/rating-card\.html, mcp-apps\/review-list\.html, mcp-apps\/review\.html, release\.sqlite, review-page-shell\/index\.html, search-index\.bin/,
    );

    const published = [...new Set(Object.values(manifest.files).map((e) => e.path))];
    assert.ok(published.includes("reviews.json") && published.includes("index.html"));
    assert.deepEqual(await listFiles(out), [...published, "_headers", "_redirects"].sort());
    for (const file of [...published, "_headers"]) {
      assert.deepEqual(await readFile(path.join(out, file)), await readFile(path.join(release, file)), file);
    }
    for (const internal of INTERNAL) {
      assert.ok(existsSync(path.join(release, internal)), `the sample release holds ${internal}`);
      assert.equal(existsSync(path.join(out, internal)), false, `${internal} is not exported`);
    }
    assert.equal(await readFile(path.join(out, "_redirects"), "utf8"), redirectsFile(ORIGIN));
    assert.match(
      await readFile(path.join(out, "_redirects"), "utf8"),
      /^\/mcp {2}https:\/\/sidecar\.example\.test\/mcp {2}200$/m,
    );
  });

  it("without --sidecar-origin writes no _redirects and says which paths will not answer", async () => {
    const out = path.join(tmp, "no-origin");
    const run = exportStatic(distDir, out);
    assert.equal(run.code, 0, run.out);
    assert.equal(existsSync(path.join(out, "_redirects")), false);
    assert.match(run.out, /no --sidecar-origin: no _redirects written, so \/api\/reviews\/\*.* will not answer/);
  });

  it("refuses an OUT that exists and is not empty, and leaves it as it was", async () => {
    const out = path.join(tmp, "taken");
    await mkdir(out);
    await writeFile(path.join(out, "index.html"), "someone else's site");
    const run = exportStatic(distDir, out, "--sidecar-origin", ORIGIN);
    assert.equal(run.code, 1);
    assert.match(
      run.out,
      /OUT ".*taken" is not empty \(1 entries, e\.g\. "index\.html"\): give a new or empty directory/,
    );
    assert.deepEqual(await listFiles(out), ["index.html"]);
  });

  it("refuses an origin that is not http(s), before writing anything", () => {
    const out = path.join(tmp, "ftp");
    const run = exportStatic(distDir, out, "--sidecar-origin", "ftp://sidecar.example.test");
    assert.equal(run.code, 1);
    assert.match(run.out, /--sidecar-origin: expected an http or https URL, got the scheme "ftp:"/);
    assert.equal(existsSync(out), false);
  });

  it("refuses a DIST_DIR without a release", async () => {
    const run = exportStatic(path.join(tmp, "no-such-dist"), path.join(tmp, "none"));
    assert.equal(run.code, 1);
    assert.match(run.out, /DIST_DIR ".*dist" holds no release \(.*\); run `npm run build` first/);
  });

  it("refuses a release built for a loopback origin, naming SITE_URL, unless told --allow-loopback", async () => {
    // The sample release as a build without SITE_URL makes it: for http://localhost:4321 (the files' hashes unchanged).
    const local = path.join(tmp, "local-dist");
    await copyRelease(distDir, local);
    const manifestFile = path.join(await realpath(local), "manifest.json");
    const text = await readFile(manifestFile, "utf8");
    await writeFile(
      manifestFile,
      text.replace(`"site_url": "${manifest.site_url}"`, '"site_url": "http://localhost:4321"'),
    );
    const out = path.join(tmp, "local-out");
    const refused = exportStatic(local, out);
    assert.equal(refused.code, 1);
    assert.match(refused.out, /built for http:\/\/localhost:4321[^\n]*SITE_URL=[^\n]*--allow-loopback/);
    assert.equal(existsSync(out), false, "nothing is written");
    const allowed = exportStatic(local, out, "--allow-loopback");
    assert.equal(allowed.code, 0, allowed.out);
    assert.ok(existsSync(path.join(out, "index.html")));
  });

  it("tells a loopback origin from a public one", () => {
    for (const origin of [
      "http://localhost:4321",
      "http://127.0.0.1:8080",
      "http://[::1]:4321",
      "http://0.0.0.0",
      "http://app.localhost",
    ])
      assert.equal(isLoopbackOrigin(origin), true, origin);
    for (const origin of ["https://reviews.example.com", "http://10.0.0.5:4321", "https://localhost.example.com"])
      assert.equal(isLoopbackOrigin(origin), false, origin);
  });

  it("refuses without OUT, with the usage", () => {
    const run = exportStatic(distDir);
    assert.equal(run.code, 2);
    assert.match(run.out, /expected one OUT directory, got none\n\nusage: npm run export:static -- OUT/);
  });

  describe("the proxied paths", () => {
    let sidecar: TestSidecar;
    before(async () => (sidecar = await startTestSidecar(distDir)));
    after(() => sidecar.stop());

    it("are the sidecar's routes, and no static file of the release", async () => {
      const reviews = (await (await sidecar.get("/reviews.json")).json()) as { reviews: { id: string }[] };
      for (const p of SIDECAR_PATHS) {
        const urlPath = p.replace("*", "search").replace(":id", reviews.reviews[0]!.id);
        assert.equal(manifest.files[urlPath], undefined, `${urlPath} is no file of the release`);
        const res = await sidecar.get(urlPath);
        const body = await res.text();
        assert.notEqual(res.status, 404, `${urlPath} answers from a sidecar route: ${body}`);
      }
    });
  });
});
