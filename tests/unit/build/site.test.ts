// The derived site: what it keeps in memory while its large files are written on other threads.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import v8 from "node:v8";
import { setTimeout as sleep } from "node:timers/promises";
import { runInNewContext } from "node:vm";
import { readBuildSource } from "../../../src/build/read-source.ts";
import { isStored } from "../../../src/lib/reviews/stored-review.ts";
import { deriveSite, type Site } from "../../../src/build/site.ts";
import { loadConfig } from "../../../src/config.ts";
import { INDEX_FILE_NAME } from "../../../src/lib/search/index-file.ts";
import { noPreviousBuild } from "../../helpers/no-previous-build.ts";

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * The site derived from the sample data, and a weak reference to one of the source reviews it was derived from;
 * `pagesRendered`, when the search index may be made.
 */
async function derive(
  staging: string,
  pagesRendered?: Promise<void>,
): Promise<{ site: Site; source: WeakRef<object> }> {
  const config = loadConfig({ DATA_DIR: "data", DIST_DIR: path.join(staging, "dist") });
  const read = await readBuildSource(config.dataDir, noPreviousBuild, Date.now());
  return { source: new WeakRef(read.added[0]!), site: await deriveSite(config, staging, read, pagesRendered) };
}

test("keeps neither the source reviews nor their analyses while /reviews.json and the index are written", async () => {
  const staging = await mkdtemp(path.join(os.tmpdir(), "site-"));
  try {
    const { site, source } = await derive(staging);
    let writing = true;
    const written = site.largeOutputs.finally(() => (writing = false));
    // A weak reference holds its target until the current job ends.
    await new Promise(setImmediate);
    gc();
    assert.ok(writing, "the large files were written before the check ran; it needs them still being written");
    assert.equal(source.deref(), undefined, "a source review is still reachable from the derived site's work");
    await written;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
});

test("a full build's reviews are read from the JSON it made for /reviews.json, not kept as objects", async () => {
  const staging = await mkdtemp(path.join(os.tmpdir(), "site-"));
  try {
    const { site } = await derive(staging);
    assert.equal(site.fromSource, true);
    assert.ok(site.dataset.reviews.length > 0);
    assert.ok(site.dataset.reviews.every(isStored), "a review derived whole is kept beside its JSON");
    await site.largeOutputs;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
});

test("a full build's search index is made once the pages are rendered, /reviews.json at once", async () => {
  const staging = await mkdtemp(path.join(os.tmpdir(), "site-"));
  let pagesRendered = () => {};
  let written: Promise<unknown> = Promise.resolve();
  try {
    const { site } = await derive(staging, new Promise((resolve) => (pagesRendered = resolve)));
    written = site.largeOutputs;
    const index = path.join(staging, INDEX_FILE_NAME);
    // /reviews.json's variants are written last; the index waits (bounded: 30 s).
    for (let i = 0; i < 300 && !existsSync(path.join(staging, "reviews.json.gz")); i++) await sleep(100);
    assert.ok(existsSync(path.join(staging, "reviews.json.gz")), "/reviews.json is written before the pages are");
    // Made from the start (the test fails so), the sample's index is written well within 3 s of /reviews.json's .gz.
    for (let i = 0; i < 30 && !existsSync(index); i++) await sleep(100);
    assert.equal(existsSync(index), false, "the index was made before the pages were rendered");
    pagesRendered();
    await written;
    assert.ok(existsSync(index));
  } finally {
    // The workers end before their directory is removed, whatever failed.
    pagesRendered();
    await written.catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
});
