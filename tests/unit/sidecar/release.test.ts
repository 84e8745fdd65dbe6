// Loading a release: the manifest is validated and every file it names checked; big files are streamed, not cached.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { sampleSite, writeRelease } from "../../helpers/synthetic-release.ts";
import { loadRelease, ReleaseError } from "../../../sidecar/release/load.ts";
import { CHUNK_BYTES } from "../../../sidecar/static/file-body.ts";
import { fixture } from "./fixture.ts";

describe("loadRelease", () => {
  let tmp: string;
  before(async () => (tmp = await mkdtemp(path.join(os.tmpdir(), "sidecar-release-"))));
  after(() => rm(tmp, { recursive: true, force: true }));

  let n = 0;
  /** A fresh valid release directory, then `edit` applied to its parsed manifest.json. */
  async function releaseWith(edit?: (m: any, dir: string) => unknown): Promise<string> {
    const dir = path.join(tmp, `r${++n}`);
    await writeRelease(dir, sampleSite());
    if (edit) {
      const m = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8"));
      await edit(m, dir);
      await writeFile(path.join(dir, "manifest.json"), JSON.stringify(m));
    }
    return dir;
  }

  async function assertRefused(dir: string, pattern: RegExp) {
    await assert.rejects(loadRelease(dir), (err: unknown) => err instanceof ReleaseError && pattern.test(err.message));
  }

  it("loads a plain directory as well as a symlink to one", async () => {
    const dir = await releaseWith();
    const link = path.join(tmp, "link");
    await symlink(dir, link);
    const [a, b] = [await loadRelease(dir), await loadRelease(link)];
    assert.equal(a.dir, b.dir);
    assert.equal(a.files.size, Object.keys(a.manifest.files).length);
    assert.ok(a.files.get("/reviews.json")!.identity.body, "small files are kept in memory");
  });

  it("refuses a missing DIST_DIR, naming it", async () =>
    assertRefused(path.join(tmp, "nothing-here"), /nothing-here.*holds no release/));

  it("refuses a directory without manifest.json", async () => {
    await mkdir(path.join(tmp, "empty"));
    await assertRefused(path.join(tmp, "empty"), /holds no release/);
  });

  it("refuses manifest.json that is not JSON, or not what the schema says, naming the field", async () => {
    const notJson = await releaseWith();
    await writeFile(path.join(notJson, "manifest.json"), "{ nope");
    await assertRefused(notJson, /invalid manifest\.json/);
    await assertRefused(
      await releaseWith((m) => (m.files["/reviews.json"].etag = "W/weak")),
      /files\.\/reviews\.json\.etag/,
    );
    await assertRefused(await releaseWith((m) => (m.manifest_version = 2)), /manifest_version/);
  });

  it("refuses a manifest that names a missing file or one of another size", async () => {
    await assertRefused(await releaseWith((m) => (m.files["/feed.xml"].path = "gone.xml")), /gone\.xml .*missing/);
    await assertRefused(await releaseWith((m) => (m.files["/reviews.json"].bytes += 1)), /reviews\.json .*bytes/);
    await assertRefused(
      await releaseWith((m) => (m.files["/reviews.json"].encodings.br.bytes = 1)),
      /reviews\.json\.br/,
    );
  });

  it("refuses file paths that leave the release directory", async () => {
    for (const bad of ["../secret.txt", "/etc/passwd", "a/../../x", "a\\..\\x", "./reviews.json"]) {
      await assertRefused(await releaseWith((m) => (m.files["/reviews.json"].path = bad)), /outside the release/);
      const app = { path: bad, bytes: 1, sha256: "0".repeat(64) };
      await assertRefused(
        await releaseWith((m) => (m.mcp_apps = { "ui://reviews/review.html": app })),
        /names an MCP App outside the release/,
      );
    }
  });

  it("refuses URL paths a request could never have", async () => {
    for (const bad of ["/a/../b", "//x", "/x?y"]) {
      await assertRefused(
        await releaseWith((m) => {
          m.files[bad] = m.files["/insights.json"];
        }),
        /unusable URL path/,
      );
    }
  });

  it("refuses a symlinked file (it could point anywhere)", async () => {
    const dir = await releaseWith(async (_m, d) => {
      await rm(path.join(d, "insights.json"));
      await symlink(path.join(tmp, "..", "etc-passwd-stand-in"), path.join(d, "insights.json"));
    });
    await assertRefused(dir, /insights\.json .*not a regular file/);
  });

  it("never serves manifest.json or _headers even when the manifest lists them", async () => {
    const dir = await releaseWith((m) => {
      m.files["/manifest.json"] = { ...m.files["/insights.json"] };
      m.files["/_headers"] = { ...m.files["/insights.json"] };
    });
    const site = await loadRelease(dir);
    assert.equal(site.files.has("/manifest.json"), false);
    assert.equal(site.files.has("/_headers"), false);
  });

  it("keeps the smallest files in memory up to the budget, and no more", async () => {
    const dir = await releaseWith(() => {});
    const all = [...(await loadRelease(dir)).files.values()].flatMap((f) =>
      [f.identity, f.br, f.gzip].filter((r) => r !== undefined),
    );
    const sizes = all.map((r) => r.bytes).sort((a, b) => a - b);
    const budget = sizes[0]! + sizes[1]! + sizes[2]!;
    const cached = [...(await loadRelease(dir, { cacheBudgetBytes: budget })).files.values()]
      .flatMap((f) => [f.identity, f.br, f.gzip].filter((r) => r !== undefined))
      .filter((r) => r.body !== undefined);
    assert.ok(cached.length >= 3, `the three smallest fit: ${cached.length}`);
    assert.ok(cached.reduce((n, r) => n + r.bytes, 0) <= budget);
    const none = [...(await loadRelease(dir, { cacheBudgetBytes: 0 })).files.values()];
    assert.ok(none.every((f) => f.identity.body === undefined && f.br?.body === undefined));
  });

  it("streams files above the memory limit from the release directory", async () => {
    const big = JSON.stringify({
      reviews: Array.from({ length: 3000 }, (_, i) => ({ id: i, text: "x".repeat(i % 97) })),
    });
    const f = await fixture({
      files: { ...sampleSite(), "/reviews.json": { body: big } },
      load: { maxCachedFileBytes: 1024 },
    });
    try {
      const rep = f.site.files.get("/reviews.json")!;
      assert.equal(rep.identity.body, undefined);
      const res = await f.app.request("/reviews.json");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-length"), String(Buffer.byteLength(big)));
      assert.equal(await res.text(), big);
      const head = await f.app.request("/reviews.json", { method: "HEAD" });
      assert.equal(head.headers.get("content-length"), String(Buffer.byteLength(big)));
    } finally {
      await f.cleanup();
    }
  });

  it("streams a big file, whole or a range, byte for byte a chunk at a time", async () => {
    const mib = 1024 * 1024;
    const lengths = (bytes: number) =>
      Array.from({ length: Math.ceil(bytes / CHUNK_BYTES) }, (_, i) => Math.min(CHUNK_BYTES, bytes - i * CHUNK_BYTES));
    const big = Buffer.from(Array.from({ length: 2.5 * mib }, (_, i) => i % 251));
    const f = await fixture({
      files: { ...sampleSite(), "/big.bin": { body: big, content_type: "application/octet-stream", compress: false } },
      load: { maxCachedFileBytes: 1024 },
    });
    /** The body's chunks as the app reads them from the file. */
    const chunks = async (res: Response) => {
      const all: Uint8Array[] = [];
      for await (const chunk of res.body as ReadableStream<Uint8Array>) all.push(chunk);
      return all;
    };
    try {
      const whole = await chunks(await f.app.request("/big.bin"));
      assert.deepEqual(
        whole.map((c) => c.length),
        lengths(big.length),
      );
      assert.ok(Buffer.concat(whole).equals(big));
      const range = await f.app.request("/big.bin", { headers: { range: "bytes=100-" } });
      assert.equal(range.status, 206);
      const part = await chunks(range);
      assert.deepEqual(
        part.map((c) => c.length),
        lengths(big.length - 100),
      );
      assert.ok(Buffer.concat(part).equals(big.subarray(100)));
    } finally {
      await f.cleanup();
    }
  });
});
