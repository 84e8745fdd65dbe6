// A release file's bytes as a response body: whole or a range, read a chunk at a time, and an error rather than a short
// body when the file holds fewer bytes than asked for.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileBody } from "../../../sidecar/static/file-body.ts";

describe("fileBody", () => {
  const mib = 1024 * 1024;
  const bytes = Buffer.from(Array.from({ length: 2.5 * mib }, (_, i) => i % 251));
  let dir: string;
  let file: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "file-body-"));
    file = path.join(dir, "big.bin");
    await writeFile(file, bytes);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const chunks = async (body: ReadableStream<Uint8Array>) => {
    const all: Uint8Array[] = [];
    for await (const chunk of body) all.push(chunk);
    return all;
  };

  it("reads the whole file in chunks of 1 MiB", async () => {
    const all = await chunks(await fileBody(file, 0, bytes.length - 1));
    assert.deepEqual(
      all.map((c) => c.length),
      [mib, mib, mib / 2],
    );
    assert.ok(Buffer.concat(all).equals(bytes));
  });

  it("reads a range, its last byte included", async () => {
    const all = await chunks(await fileBody(file, 100, mib + 99));
    assert.deepEqual(
      all.map((c) => c.length),
      [mib],
    );
    assert.ok(Buffer.concat(all).equals(bytes.subarray(100, mib + 100)));
  });

  it("gives an empty body for an empty range", async () => {
    assert.deepEqual(await chunks(await fileBody(file, 0, -1)), []);
  });

  it("fails, naming the file, when it ends before the range does", async () => {
    await assert.rejects(chunks(await fileBody(file, bytes.length - 10, bytes.length + 9)), (err: Error) =>
      err.message.includes(file),
    );
  });

  it("fails to open a file that is not there, before any body is made", async () => {
    await assert.rejects(fileBody(path.join(dir, "absent.bin"), 0, 0), { code: "ENOENT" });
  });
});
