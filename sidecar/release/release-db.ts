// Reads a release's database (src/lib/release-db/schema.ts) read-only through node:sqlite: the dataset's head, each
// review's JSON by its place in /reviews.json, and the change log. Closed explicitly once no request reads it.
import { statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { ChangeFeed, FeedChange } from "../../src/lib/changes/feed.ts";
import { type MetaKey, RELEASE_DB_FILE, RELEASE_DB_FORMAT } from "../../src/lib/release-db/schema.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import type { Release } from "./release.ts";

export type ReleaseDb = Readonly<{
  /** The dataset without its reviews (business, aggregate rating, updated_at). */
  head: Omit<ReviewsDataset, "reviews">;
  count: number;
  /** `idsDigest` of the reviews' ids in the order of /reviews.json. */
  idsSha256: string;
  /** The JSON of the review at `ord` (its place in /reviews.json), as /reviews.json holds it. */
  json: (ord: number) => string;
  /** The JSON of the reviews at `ords` (a page of results), in that order, read by one query. */
  jsonMany: (ords: readonly number[]) => string[];
  /** The change feed over the database's change log; null when the release has none. */
  changes: ChangeFeed | null;
  /** Keeps the file open until the function returned is called (for work that spans turns of the event loop). */
  hold: () => () => void;
  /** Closes the file now if nothing holds it, else once the last holder lets go; reads after that throw. */
  retire: () => void;
}>;

/**
 * Opens the database manifest.json describes; throws, naming the release and what is wrong, when there is none, it is
 * of another format or size, or its rows are not whole.
 */
export function openReleaseDb(site: Pick<Release, "id" | "dir" | "manifest">): ReleaseDb {
  const listed = site.manifest.release_db;
  const where = `release ${site.id}: ${RELEASE_DB_FILE}`;
  if (!listed)
    throw new Error(`release ${site.id} has no release database (built by an older version): build it again`);
  if (listed.format !== RELEASE_DB_FORMAT)
    throw new Error(`${where} is format ${listed.format}, this sidecar reads format ${RELEASE_DB_FORMAT}`);
  const file = path.join(site.dir, listed.path);
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size !== listed.bytes)
    throw new Error(`${where} has ${size ?? "no"} bytes, manifest.json says ${listed.bytes}: the release is not whole`);
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return readerOf(db, where);
  } catch (err) {
    db.close();
    throw err;
  }
}

function readerOf(db: DatabaseSync, where: string): ReleaseDb {
  const meta = new Map(
    (db.prepare("SELECT key, value FROM meta").all() as { key: MetaKey; value: string }[]).map((r) => [r.key, r.value]),
  );
  if (meta.get("format") !== String(RELEASE_DB_FORMAT))
    throw new Error(`${where}: format ${meta.get("format") ?? "missing"}, this sidecar reads ${RELEASE_DB_FORMAT}`);
  const head = JSON.parse(meta.get("head") ?? "null") as Omit<ReviewsDataset, "reviews"> | null;
  if (!head?.business || typeof head.updated_at !== "string")
    throw new Error(`${where}: not a reviews dataset: business or updated_at is missing`);
  const { count } = db.prepare("SELECT count(*) AS count FROM reviews").get() as { count: number };
  if (String(count) !== meta.get("review_count"))
    throw new Error(`${where} holds ${count} reviews, its meta table says ${meta.get("review_count")}`);
  const byOrd = db.prepare("SELECT json FROM reviews WHERE ord = ?");
  const byOrds = db.prepare("SELECT ord, json FROM reviews WHERE ord IN (SELECT value FROM json_each(?))");
  byOrds.setReturnArrays(true);
  const history = meta.get("change_history");
  const missing = (ord: number): never => {
    throw new RangeError(`no review ${ord} (${count} in ${where})`);
  };
  let holders = 0;
  let retired = false;
  const closeIfDone = () => {
    if (retired && holders === 0 && db.isOpen) db.close();
  };
  return Object.freeze({
    head,
    count,
    idsSha256: meta.get("ids_sha256") ?? "",
    changes: history === undefined ? null : feedOf(db, history),
    json: (ord: number) => (byOrd.get(ord) as { json: string } | undefined)?.json ?? missing(ord),
    jsonMany: (ords: readonly number[]) => {
      const found = new Map(byOrds.all(JSON.stringify(ords)) as unknown as [number, string][]);
      return ords.map((ord) => found.get(ord) ?? missing(ord));
    },
    hold: () => {
      holders++;
      let held = true;
      return () => {
        if (held) [held, holders] = [false, holders - 1];
        closeIfDone();
      };
    },
    retire: () => {
      retired = true;
      closeIfDone();
    },
  });
}

/** The feed of the database's change log: each page read by one query, removals carrying no JSON. */
function feedOf(db: DatabaseSync, history: string): ChangeFeed {
  const newest = db.prepare("SELECT max(seq) AS lastSeq, max(at) AS newestAt FROM changes").get() as {
    lastSeq: number | null;
    newestAt: number | null;
  };
  const page = db.prepare(
    `SELECT c.seq, c.id, c.at, r.json FROM changes c LEFT JOIN reviews r ON c.hash IS NOT NULL AND r.id = c.id
     WHERE c.seq > ? ORDER BY c.seq LIMIT ?`,
  );
  return {
    history,
    lastSeq: newest.lastSeq ?? 0,
    newestAt: newest.newestAt ?? 0,
    after: (seq, limit) => page.all(seq, limit) as unknown as FeedChange[],
  };
}
