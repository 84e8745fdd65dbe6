// The files a build made are described and precompressed alike on the thread pool (a rebuild's few) and on worker
// threads (a full build's thousands), in the order given, with variants linked from a previous release that holds
// the same bytes.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import zlib from "node:zlib";
import { sha256 } from "../../../src/build/hash.ts";
import type { PreviousRelease } from "../../../src/build/previous-release.ts";
import { hashAndCompress, ON_WORKERS } from "../../../src/integrations/publish/hash-files.ts";
import type { ManifestEntry } from "../../../src/lib/schema/manifest.ts";

/** `count` pages of different sizes (some too small to compress) and a few images, which are never compressed. */
async function site(count: number): Promise<{ root: string; names: string[] }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "hash-files-"));
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = i % 25 === 0 ? `img/${i}.png` : `pages/${i}/index.html`;
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    const body =
      i % 25 === 0 ? Buffer.from([0x89, 0x50, 0x4e, 0x47, i]) : `<p>${"review text ".repeat(i % 40)}${i}</p>`;
    await writeFile(path.join(root, name), body);
    names.push(name);
  }
  return { root, names };
}

test("describes and compresses every file, on worker threads as on the thread pool", async () => {
  const { root, names } = await site(ON_WORKERS + 60);
  const many = await hashAndCompress(root, names, null);
  assert.deepEqual(
    many.map((f) => f.path),
    names,
  );
  for (const file of many) {
    const bytes = await readFile(path.join(root, file.path));
    assert.equal(file.sha256, sha256(bytes));
    assert.equal(file.bytes, bytes.length);
    if (file.path.endsWith(".png")) assert.deepEqual(file.encodings, {});
    const { br, gzip } = file.encodings;
    if (br) assert.ok(zlib.brotliDecompressSync(await readFile(path.join(root, br.path))).equals(bytes));
    if (gzip) assert.ok(zlib.gunzipSync(await readFile(path.join(root, gzip.path))).equals(bytes));
  }
  assert.ok(
    many.filter((f) => f.encodings.br && f.encodings.gzip).length > 100,
    "pages over 256 bytes have both variants",
  );
  // A few files, compressed on the thread pool, come out the same.
  const few = names.filter((_, i) => i % 13 === 0);
  assert.ok(few.length < ON_WORKERS);
  assert.deepEqual(
    await hashAndCompress(root, few, null),
    many.filter((f) => few.includes(f.path)),
  );
});

test("links the variants a previous release holds for the same bytes, on worker threads too", async () => {
  const previous = await site(ON_WORKERS + 60);
  const described = await hashAndCompress(previous.root, previous.names, null);
  const release: PreviousRelease = {
    dir: previous.root,
    record: { fingerprint: "f", pages: {} },
    files: new Map(described.map((f) => [f.path, f as ManifestEntry])),
    searchIndex: null,
  };
  const next = await site(ON_WORKERS + 60);
  const again = await hashAndCompress(next.root, next.names, release);
  assert.deepEqual(again, described);
  for (const file of again.filter((f) => f.encodings.br)) {
    const [was, is] = await Promise.all(
      [previous.root, next.root].map((dir) => stat(path.join(dir, file.encodings.br!.path))),
    );
    assert.equal(is!.ino, was!.ino, `${file.path}.br is a link to the previous release's`);
  }
});

test("fails naming a file that cannot be read, on worker threads too", async () => {
  const { root, names } = await site(ON_WORKERS + 10);
  names.splice(100, 0, "pages/gone/index.html");
  await assert.rejects(hashAndCompress(root, names, null), /ENOENT.*pages\/gone\/index\.html/);
});
