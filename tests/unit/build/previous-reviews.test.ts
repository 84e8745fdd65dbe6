// The previous release's reviews are read back only when this build's source extends that release's source.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { datasetJson } from "../../../src/build/dataset-json.ts";
import type { PreviousRelease } from "../../../src/build/previous-release.ts";
import { previousReviews, sourceRecordOf } from "../../../src/build/previous-reviews.ts";
import { type SourceFiles, sourceDigests } from "../../../src/build/source.ts";
import type { ManifestEntry } from "../../../src/lib/schema/manifest.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { dataset } from "../../helpers/dataset.ts";

const published = dataset(40);
const businessBytes = Buffer.from('{"name":"the business file"}\n');
const lines = Buffer.from(published.reviews.map((r) => `{"id":"${r.id}"}\n`).join(""));
const files = (reviews: Buffer, business = businessBytes, suppressed: Buffer | null = null): SourceFiles => ({
  businessFile: "data/business.json",
  reviewsFile: "data/reviews.jsonl",
  suppressedFile: "data/suppressed.jsonl",
  business,
  reviews,
  suppressed,
});

/** A release directory holding /reviews.json, built from `source`. */
async function release(
  source: SourceFiles,
  json = Buffer.concat(datasetJson(published).parts),
): Promise<PreviousRelease> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "previous-reviews-"));
  await writeFile(path.join(dir, "reviews.json"), json);
  const sha256 = createHash("sha256")
    .update(Buffer.concat(datasetJson(published).parts))
    .digest("hex");
  const entry = { path: "reviews.json", sha256 } as ManifestEntry;
  return {
    dir,
    record: { fingerprint: "0".repeat(64), pages: {}, source: sourceRecordOf(source, sourceDigests(source)) },
    files: new Map([["reviews.json", entry]]),
    searchIndex: null,
  };
}

/** As the build calls it: with the digests of `source`, the prefix at the length the release records. */
const reviewsOf = (previous: PreviousRelease, source: SourceFiles) =>
  previousReviews(previous, source, sourceDigests(source, previous.record.source?.reviews_bytes));

test("reads the published reviews back, with their bytes, when reviews.jsonl only gained lines", async () => {
  const previous = await release(files(lines));
  const added = Buffer.concat([lines, Buffer.from('{"id":"new"}\n')]);
  const { reused, reason } = reviewsOf(previous, files(added));
  assert.equal(reason, null);
  // Each review read back is the one published, field by field and as JSON.
  assert.deepEqual(
    reused!.reviews.map((r) =>
      Object.fromEntries(Object.keys(published.reviews[0]!).map((k) => [k, r[k as keyof Review]])),
    ),
    published.reviews,
  );
  assert.deepEqual(
    reused!.reviews.map((r) => JSON.stringify(r)),
    published.reviews.map((r) => JSON.stringify(r)),
  );
  assert.deepEqual(
    reused!.json.map((b) => b.toString()),
    published.reviews.map((r) => JSON.stringify(r)),
  );
  assert.equal(reused!.newFrom, lines.length);
  // Unchanged data: everything is read back, nothing is new.
  assert.equal(reviewsOf(previous, files(lines)).reused?.newFrom, lines.length);
  // A previous file without a final newline whose last line the new file ends.
  const unterminated = lines.subarray(0, lines.length - 1);
  const next = Buffer.concat([unterminated, Buffer.from('\n{"id":"new"}\n')]);
  assert.equal(reviewsOf(await release(files(unterminated)), files(next)).reason, null);
});

test("reads every review from the source when anything but added lines changed", async () => {
  const previous = await release(files(lines));
  const edited = Buffer.from(lines.toString().replace(`"${published.reviews[3]!.id}"`, '"edited"'));
  const cases: [string, SourceFiles, RegExp][] = [
    ["a changed line", files(edited), /not the previous file with lines added/],
    ["a removed line", files(lines.subarray(0, lines.indexOf("\n") + 1)), /not the previous file with lines added/],
    ["other business data", files(lines, Buffer.from("{}")), /business\.json changed/],
    ["a review suppressed", files(lines, businessBytes, Buffer.from('{"id":"x","reason":"r"}\n')), /suppressed/],
  ];
  const unterminated = lines.subarray(0, lines.length - 1);
  cases.push([
    "a last line continued",
    files(Buffer.concat([unterminated, Buffer.from(',"more":1}\n')])),
    /not the previous file with lines added/,
  ]);
  for (const [what, source, reason] of cases) {
    const result = reviewsOf(what === "a last line continued" ? await release(files(unterminated)) : previous, source);
    assert.equal(result.reused, null, what);
    assert.match(result.reason!, reason, what);
  }
  const tampered = await release(
    files(lines),
    Buffer.from(Buffer.concat(datasetJson(published).parts).toString().replace("Mike", "Mika")),
  );
  assert.match(reviewsOf(tampered, files(lines)).reason!, /not the one its manifest lists/);
  const unrecorded = { ...previous, record: { fingerprint: previous.record.fingerprint, pages: {} } };
  assert.match(reviewsOf(unrecorded, files(lines)).reason!, /does not record its source/);
  const suppressing = files(lines, businessBytes, Buffer.from('{"id":"x","reason":"r"}\n'));
  assert.match(reviewsOf(await release(suppressing), files(lines)).reason!, /suppressed\.jsonl changed/);
  assert.equal(reviewsOf(await release(suppressing), suppressing).reason, null, "the same suppressions");
});
