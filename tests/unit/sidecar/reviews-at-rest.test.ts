// Reviews read back from the release's open /reviews.json: the same JSON as from the bytes, in any order of reading,
// after the release directory is removed, never from a file written over, and the descriptor closed when unused.
import assert from "node:assert/strict";
import fs, { fstatSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it, mock } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { readReviewsFile } from "../../../sidecar/release/reviews-file.ts";
import { keepOpen, openReviewsFile, READ_WINDOW, reviewsAtRest } from "../../../sidecar/release/reviews-at-rest.ts";
import { dataset } from "../../helpers/dataset.ts";

describe("reviews read back from the open file", () => {
  let tmp: string;
  before(async () => (tmp = await mkdtemp(path.join(os.tmpdir(), "reviews-at-rest-"))));
  after(() => rm(tmp, { recursive: true, force: true }));

  const write = async (name: string, doc: unknown, indent?: number) => {
    const file = path.join(tmp, name);
    await writeFile(file, JSON.stringify(doc, null, indent));
    return file;
  };

  it("gives each review's JSON as the bytes do, forwards, backwards and at random, reviews longer than a read too", async () => {
    const data = dataset(400);
    // Two reviews longer than the read window, one of them the last in the file.
    data.reviews[7]!.text = "long ".repeat(READ_WINDOW / 3);
    data.reviews[399]!.text = "é".repeat(READ_WINDOW);
    for (const indent of [undefined, 2]) {
      const file = await openReviewsFile(await write(`reviews-${indent}.json`, data, indent));
      const { reviews, split } = readReviewsFile(file.bytes);
      const json = reviewsAtRest(file, split);
      const n = reviews.count;
      const orders = [
        Array.from({ length: n }, (_, k) => k),
        Array.from({ length: n }, (_, k) => n - 1 - k),
        Array.from({ length: 2 * n }, (_, i) => (i * 7919) % n),
      ];
      for (const order of orders) for (const k of order) assert.equal(json(k), reviews.json(k), `review ${k}`);
      assert.equal(JSON.parse(json(399)).text, data.reviews[399]!.text);
      assert.throws(() => json(n), /no review 400 \(400 in the file\)/);
    }
  });

  it("after a read that fails, reads again rather than answer from a window it did not fill", async () => {
    const data = dataset(20);
    data.reviews[10]!.text = "long ".repeat(READ_WINDOW / 2);
    const file = await openReviewsFile(await write("failing.json", data));
    const json = reviewsAtRest(file, readReviewsFile(file.bytes).split);
    assert.equal(json(0), JSON.stringify(data.reviews[0]));
    const failing = mock.method(fs, "readSync", () => {
      throw Object.assign(new Error("EIO: i/o error, read"), { code: "EIO" });
    });
    syncBuiltinESMExports();
    try {
      assert.throws(() => json(10), /EIO/);
    } finally {
      failing.mock.restore();
      syncBuiltinESMExports();
    }
    assert.equal(json(0), JSON.stringify(data.reviews[0]));
    assert.equal(json(10), JSON.stringify(data.reviews[10]));
  });

  it("keeps answering once the file is removed (a pruned release), and refuses a file written over in place", async () => {
    const data = dataset(2000);
    const name = await write("pruned.json", data);
    const file = await openReviewsFile(name);
    const json = reviewsAtRest(file, readReviewsFile(file.bytes).split);
    await unlink(name);
    assert.equal(json(1999), JSON.stringify(data.reviews[1999]));

    const overName = await write("over.json", data);
    const over = await openReviewsFile(overName);
    const overJson = reviewsAtRest(over, readReviewsFile(over.bytes).split);
    assert.equal(overJson(0), JSON.stringify(data.reviews[0]));
    // Same length, other bytes: an in-place rewrite the reader must not serve from.
    data.reviews[0]!.id = data.reviews[0]!.id.replace(/.$/, "x");
    await sleep(50); // past the file system's clock tick, so the rewrite gets its own mtime
    await writeFile(overName, JSON.stringify(data), { flag: "r+" });
    // The next read of the file (beyond the window read first) finds it changed.
    assert.throws(() => overJson(1999), new RegExp(`${overName.replace(/[.\\]/g, "\\$&")} was written over`));
  });

  it("gives back the bytes once indexed, and closes the descriptor once its reader is unreachable", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const data = dataset(5);
    const file = await openReviewsFile(await write("closed.json", data));
    const { fd } = file;
    const { ino } = fstatSync(fd);
    (() => {
      const json = reviewsAtRest(file, readReviewsFile(file.bytes).split);
      keepOpen(file, json);
      assert.equal(file.bytes.length, 0, "the file's bytes are given back once it is indexed");
      assert.equal(JSON.parse(json(4)).id, data.reviews[4]!.id);
    })();
    let open = true;
    for (let attempt = 0; attempt < 50 && open; attempt++) {
      gc();
      await sleep(20);
      try {
        // A descriptor number can be reused; a closed one stat-ed either fails or is another file.
        open = fstatSync(fd).ino === ino;
      } catch {
        open = false;
      }
    }
    assert.equal(open, false, `descriptor ${fd} still open after the reader was collected`);
  });
});
