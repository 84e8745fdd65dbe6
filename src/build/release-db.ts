// Writes a release's database (src/lib/release-db/schema.ts) from plain data: the dataset as /reviews.json publishes it
// and the release's change log. The same input gives the same rows in the same order, and the same file.
import { createHash } from "node:crypto";
import { createReadStream, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { changeFeedOf } from "../lib/changes/feed.ts";
import type { ChangeLog } from "../lib/changes/log.ts";
import { idsDigest, type MetaKey, RELEASE_DB_FORMAT, RELEASE_DB_SCHEMA } from "../lib/release-db/schema.ts";
import type { ReleaseDbFile } from "../lib/schema/manifest.ts";
import type { ReviewsDataset } from "../lib/schema/dataset.ts";

export type ReleaseDbInput = Readonly<{
  /** The dataset; each review is stored as `JSON.stringify` of it, exactly its part of /reviews.json. */
  dataset: ReviewsDataset;
  /** The release's change log; null when it has none (the sidecar then says its change feed is unavailable). */
  changeLog: ChangeLog | null;
}>;

/**
 * Writes the whole database to `file` (replacing any file there) and closes it; returns its description for
 * manifest.json, whose `path` is the file's name (the file is meant to sit at the top of the release directory).
 * Throws, writing no change log, when the change log is not the one of the dataset's reviews.
 */
export async function writeReleaseDb(file: string, { dataset, changeLog }: ReleaseDbInput): Promise<ReleaseDbFile> {
  writeReleaseReviews(
    file,
    dataset,
    dataset.reviews.map((r) => JSON.stringify(r)),
  );
  return addChangeLog(
    file,
    dataset.reviews.map((r) => r.id),
    changeLog,
  );
}

/**
 * The build's data stage writes the reviews (replacing any file at `file`), `json` being each one's `JSON.stringify`;
 * the publish step adds the change log once it has continued the previous release's (`addChangeLog`).
 */
export function writeReleaseReviews(file: string, dataset: ReviewsDataset, json: readonly string[]): void {
  rmSync(file, { force: true });
  const { reviews, ...head } = dataset;
  const ids = reviews.map((r) => r.id);
  write(file, (db) => {
    db.exec(RELEASE_DB_SCHEMA);
    putMeta(db, {
      format: String(RELEASE_DB_FORMAT),
      updated_at: dataset.updated_at,
      head: JSON.stringify(head),
      review_count: String(reviews.length),
      ids_sha256: idsDigest(ids),
    });
    const putReview = db.prepare("INSERT INTO reviews (ord, id, json) VALUES (?, ?, ?)");
    reviews.forEach((review, ord) => putReview.run(ord, review.id, json[ord]!));
  });
}

/**
 * Adds `changeLog` to the database at `file`, whose reviews are `ids` in order, and describes the finished file; null
 * leaves the release without one.
 */
export async function addChangeLog(
  file: string,
  ids: readonly string[],
  changeLog: ChangeLog | null,
): Promise<ReleaseDbFile> {
  if (changeLog) {
    // Checked here once, so the sidecar reads the feed as it is: every review listed once as present, nothing else.
    changeFeedOf(changeLog, ids, () => "");
    write(file, (db) => {
      putMeta(db, { change_history: changeLog.history });
      const putChange = db.prepare("INSERT INTO changes (seq, id, hash, at) VALUES (?, ?, ?, ?)");
      for (const e of changeLog.entries) putChange.run(e.seq, e.id, e.hash, e.at);
    });
  }
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return {
    path: path.basename(file),
    format: RELEASE_DB_FORMAT,
    bytes: statSync(file).size,
    sha256: hash.digest("hex"),
  };
}

/** Runs `fill` in one transaction on the database at `file`, then closes it. */
function write(file: string, fill: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(file);
  try {
    // Nothing reads the file while it is written, and a failed build leaves no release: no journal is needed.
    db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
    db.exec("BEGIN");
    fill(db);
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

function putMeta(db: DatabaseSync, meta: Partial<Record<MetaKey, string>>): void {
  const put = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
  for (const [key, value] of Object.entries(meta)) put.run(key, value);
}
