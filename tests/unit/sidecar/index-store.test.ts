// The sidecar's search index store: a release's index file is loaded when it fits the release's reviews; otherwise
// the release is indexed in steps with the event loop let through between them. The previous index answers until the
// new one is whole.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { it } from "node:test";
import { sampleSite, writeRelease } from "../../helpers/synthetic-release.ts";
import { loadRelease } from "../../../sidecar/release/load.ts";
import { memoryLogger } from "../../helpers/logger.ts";
import { createSearchIndexStore } from "../../../sidecar/release/index-store.ts";
import {
  encodeSearchIndex,
  INDEX_FILE_FORMAT,
  INDEX_FILE_NAME,
  indexFileChecksum,
} from "../../../src/lib/search/index-file.ts";
import type { Manifest, SearchIndexFile } from "../../../src/lib/schema/manifest.ts";
import { indexColumnsOf } from "../../../src/lib/search/index.ts";
import { searchReviews } from "../../../src/lib/search/search-reviews.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { parseSearchQuery } from "../../../src/lib/schema/search.ts";
import { STEP } from "../../../src/lib/search/text-index.ts";
import { dataset } from "../../helpers/dataset.ts";

/** More than two steps of reviews: indexing pauses twice in each of its three passes. */
const LARGE = 2 * STEP + 1;

const indexFile = (d: ReviewsDataset) => encodeSearchIndex(indexColumnsOf(d), d.updated_at);

it("indexes a new release in steps, pausing for the event loop between them, then answers from it", async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "index-store-"));
  try {
    const [small, large] = [path.join(tmp, "small"), path.join(tmp, "large")];
    await writeRelease(small, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(10)) } });
    await writeRelease(large, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(LARGE)) } });
    let pauses = 0;
    const counting = () => {
      pauses++;
      return nextTurn();
    };
    const store = await createSearchIndexStore(await loadRelease(small), memoryLogger(), counting);
    assert.equal(store.current().index.size, 10);
    assert.equal(pauses, 0, "10 reviews are one step");

    const updating = store.update(await loadRelease(large));
    // Until the new index is whole, the old one answers.
    const old = store.current();
    assert.equal(old.index.size, 10);
    await updating;
    assert.equal(store.current().index.size, LARGE);
    // The old release's database is closed once it is swapped out (nothing held it).
    assert.throws(() => old.index.reviewJson(0), /finalized|not open/);
    // Reading the rows, then the text index's two passes, each pause every STEP reviews.
    assert.equal(pauses, 3 * Math.floor(LARGE / STEP));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

it("loads the release's index file when it fits the release's reviews, and indexes the reviews itself when it does not", async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "index-store-"));
  try {
    const data = dataset(LARGE);
    /** A release with `index` beside /reviews.json, described in its manifest as `listed` says (by default, as it is). */
    const release = async (name: string, index: Uint8Array | null, listed?: Partial<SearchIndexFile> | null) => {
      const dir = path.join(tmp, name);
      await writeRelease(dir, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(data) } });
      if (index) await writeFile(path.join(dir, INDEX_FILE_NAME), index);
      if (listed !== null && (index !== null || listed !== undefined)) {
        const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as Manifest;
        const stamp = { path: INDEX_FILE_NAME, format: INDEX_FILE_FORMAT, bytes: index?.length ?? 0 };
        manifest.search_index = { ...stamp, crc32: index ? indexFileChecksum(index) : 0, ...listed };
        await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
      }
      return loadRelease(dir);
    };
    const damaged = Buffer.from(indexFile(data));
    damaged[damaged.length - 1]! ^= 1;
    const own = indexFile(data);
    type Case = {
      name: string;
      index: Uint8Array | null;
      listed?: Partial<SearchIndexFile> | null;
      problem: RegExp | null;
    };
    const cases: Case[] = [
      { name: "fits", index: own, problem: null },
      { name: "none", index: null, problem: /the manifest lists no search index/ },
      { name: "unlisted", index: own, listed: null, problem: /the manifest lists no search index/ },
      { name: "missing", index: null, listed: {}, problem: /no search-index\.bin \(ENOENT\)/ },
      { name: "newer", index: own, listed: { format: INDEX_FILE_FORMAT + 1 }, problem: /this sidecar reads format/ },
      // Another build's file put beside this release's /reviews.json.
      {
        name: "swapped",
        index: indexFile(dataset(LARGE - 1)),
        listed: { crc32: indexFileChecksum(own) },
        problem: /CRC-32 differs/,
      },
      { name: "other", index: indexFile(dataset(LARGE - 1)), problem: /not the reviews the index lists/ },
      {
        name: "older",
        index: indexFile({ ...data, updated_at: "2019-01-01T00:00:00Z" }),
        problem: /written for reviews updated 2019-01-01T00:00:00Z/,
      },
      {
        name: "damaged",
        index: damaged,
        listed: { crc32: indexFileChecksum(own) },
        problem: /checksum does not match/,
      },
      // Same reviews in another order: every count and date agrees, the places of the records do not.
      {
        name: "misfit",
        index: indexFile({ ...data, reviews: data.reviews.toReversed() }),
        problem: /not the reviews the index lists: other reviews, or another order/,
      },
    ];
    const answers = new Map<string, unknown>();
    for (const c of cases) {
      let pauses = 0;
      const logger = memoryLogger();
      const store = await createSearchIndexStore(await release(c.name, c.index, c.listed), logger, () => {
        pauses++;
        return nextTurn();
      });
      const warnings = logger.records.filter((r) => r.level === "warn" && r.msg.includes("index file"));
      if (c.problem === null) {
        assert.equal(pauses, 1, "a loaded index needs no indexing steps, one pause between decoding and splitting");
        assert.equal(warnings.length, 0);
      } else {
        // A file that decodes pauses once before it is found not to fit.
        const decoded = ["other", "older", "misfit"].includes(c.name) ? 1 : 0;
        assert.equal(pauses, decoded + 3 * Math.floor(LARGE / STEP), c.name);
        assert.match(String(warnings[0]?.fields?.["problem"]), c.problem);
      }
      const query = parseSearchQuery(new URLSearchParams({ query: "water heater", min_rating: "2", limit: "100" }));
      assert.ok(query.ok);
      answers.set(c.name, searchReviews(store.current().index, query.value));
    }
    for (const c of cases) assert.deepEqual(answers.get(c.name), answers.get("none"), c.name);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
