// The release database: one SQLite file per release holding the reviews the sidecar searches and pages, and the change
// log its change feed answers from. Written once by the build (src/build/release-db.ts), opened read-only by the sidecar.

import { createHash } from "node:crypto";

/** Its name in the release directory; kept in the release, described by manifest.json, never published or served. */
export const RELEASE_DB_FILE = "release.sqlite";
/** Bumped whenever a table or the meaning of a column changes. */
export const RELEASE_DB_FORMAT = 1;

/**
 * - `meta`: facts about the release, one row each (`MetaKey`).
 * - `reviews`: every published review; `ord` is its place in /reviews.json (newest first), `json` its JSON exactly as
 *   /reviews.json holds it, which answers copy as they are.
 * - `changes`: the change log, one row per review id ever published: its newest change, numbered by `seq`, which only
 *   grows from release to release; `hash` is the `reviewHash` of the review's JSON, null when it was removed, and `at`
 *   when the change was seen (epoch seconds).
 */
export const RELEASE_DB_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE reviews (ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, json TEXT NOT NULL) STRICT;
CREATE TABLE changes (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, hash TEXT, at INTEGER NOT NULL) STRICT;
`;

/**
 * The rows of `meta`: the file's format, the dataset's `updated_at`, the dataset without its reviews (`head`, JSON),
 * the number of reviews, `idsDigest` of their ids (what a search index built for them must list), and the change
 * log's history id (absent when the release has no change log).
 */
export type MetaKey = "format" | "updated_at" | "head" | "review_count" | "ids_sha256" | "change_history";

/** The sha256 (hex) of review ids in order, one a line. */
export const idsDigest = (ids: readonly string[]): string => createHash("sha256").update(ids.join("\n")).digest("hex");
