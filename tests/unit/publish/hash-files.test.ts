// The files a build made are described and precompressed, each variant compressed whole, in the order given.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import zlib from "node:zlib";
import { sha256 } from "../../../src/build/hash.ts";
import { hashAndCompress } from "../../../src/build/publish/hash-files.ts";

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

test("describes and compresses every file", async () => {
  const { root, names } = await site(260);
  const many = await hashAndCompress(root, names);
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
});

test("fails naming a file that cannot be read", async () => {
  const { root, names } = await site(210);
  names.splice(100, 0, "pages/gone/index.html");
  await assert.rejects(hashAndCompress(root, names), /ENOENT.*pages\/gone\/index\.html/);
});
