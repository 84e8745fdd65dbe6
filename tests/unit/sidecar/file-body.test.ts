// A release file's bytes as a response body: whole or a range, read a chunk at a time as the response asks, the file
// closed however the body ends, and an error rather than a short body when the file holds fewer bytes than asked for.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it, type TestContext } from "node:test";
import { CHUNK_BYTES, fileBody } from "../../../sidecar/static/file-body.ts";

describe("fileBody", () => {
  const mib = 1024 * 1024;
  const bytes = Buffer.from(Array.from({ length: 2.5 * mib }, (_, i) => i % 251));
  let dir: string;
  let file: string;
  let fileHandle: object;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "file-body-"));
    file = path.join(dir, "big.bin");
    await writeFile(file, bytes);
    const probe = await open(file);
    fileHandle = Object.getPrototypeOf(probe) as object;
    await probe.close();
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /** Counts the reads of every file handle during the test. */
  const reads = (t: TestContext) => t.mock.method(fileHandle as { read: () => unknown }, "read").mock;
  /** The process's open file descriptors (Linux): a file handle left open is one more. */
  const openFds = () => readdirSync("/proc/self/fd").length;
  /** The lengths of the chunks `bytes` bytes are read in. */
  const lengths = (bytes: number) =>
    Array.from({ length: Math.ceil(bytes / CHUNK_BYTES) }, (_, i) => Math.min(CHUNK_BYTES, bytes - i * CHUNK_BYTES));
  const chunks = async (body: ReadableStream<Uint8Array>) => {
    const all: Uint8Array[] = [];
    for await (const chunk of body) all.push(chunk);
    return all;
  };

  it("reads the whole file a chunk at a time, then closes it", async (t) => {
    const calls = reads(t);
    const fds = openFds();
    const all = await chunks(await fileBody(file, 0, bytes.length - 1));
    assert.deepEqual(
      all.map((c) => c.length),
      lengths(bytes.length),
    );
    assert.ok(Buffer.concat(all).equals(bytes));
    assert.equal(calls.callCount(), lengths(bytes.length).length);
    assert.equal(openFds(), fds);
  });

  it("reads a range, its last byte included", async () => {
    const all = await chunks(await fileBody(file, 100, mib + 99));
    assert.deepEqual(
      all.map((c) => c.length),
      lengths(mib),
    );
    assert.ok(Buffer.concat(all).equals(bytes.subarray(100, mib + 100)));
  });

  it("gives an empty body for an empty range, reading nothing", async (t) => {
    const calls = reads(t);
    const fds = openFds();
    assert.deepEqual(await chunks(await fileBody(file, 0, -1)), []);
    assert.equal(calls.callCount(), 0);
    assert.equal(openFds(), fds);
  });

  it("reads nothing ahead of the response, and closes the file when the response cancels", async (t) => {
    const calls = reads(t);
    const fds = openFds();
    const reader = (await fileBody(file, 0, bytes.length - 1)).getReader();
    assert.equal(openFds(), fds + 1);
    assert.equal(calls.callCount(), 0);
    const first = await reader.read();
    assert.ok(Buffer.from(first.value!).equals(bytes.subarray(0, CHUNK_BYTES)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(calls.callCount(), 1);
    await reader.cancel();
    assert.equal(calls.callCount(), 1);
    assert.equal(openFds(), fds);
  });

  it("sends what the file holds, then fails naming it, when it ends before the range does", async () => {
    const fds = openFds();
    const reader = (await fileBody(file, bytes.length - 10, bytes.length + 9)).getReader();
    const first = await reader.read();
    assert.ok(Buffer.from(first.value!).equals(bytes.subarray(bytes.length - 10)));
    await assert.rejects(reader.read(), (err: Error) => err.message.includes(file));
    assert.equal(openFds(), fds);
  });

  it("fails to open a file that is not there, before any body is made", async () => {
    await assert.rejects(fileBody(path.join(dir, "absent.bin"), 0, 0), { code: "ENOENT" });
  });
});
