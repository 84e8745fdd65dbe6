// The change log a release keeps for copies of its reviews: per review id, its newest change (added or changed, with a
// hash of its published JSON, or removed), numbered by a sequence that only grows from release to release.
import { createHash, hash } from "node:crypto";

/** Kept in the release beside manifest.json, which describes it; never published or served as a file. */
export const CHANGE_LOG_FILE = "change-log.json";
export const CHANGE_LOG_FORMAT = 1;

export type ChangeEntry = Readonly<{
  seq: number;
  id: string;
  /** Hash of the review's published JSON (`reviewHash`); null when the review was removed. */
  hash: string | null;
  /** When the change was seen, in epoch seconds. */
  at: number;
}>;

export type ChangeLog = Readonly<{
  /** Names this sequence of changes: a log started again is another history, whose cursors are not this one's. */
  history: string;
  /** One entry per id ever published, by `seq` ascending. */
  entries: readonly ChangeEntry[];
}>;

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const HISTORY = /^[0-9a-f]{16}$/;

const REVIEW_HASH_LENGTH = 22;
const REVIEW_HASHES = /^[A-Za-z0-9_-]*$/;

/** 128 bits of the sha256 of a review's published JSON: what tells a changed review from an unchanged one. */
export function reviewHash(json: Uint8Array | string): string {
  return hash("sha256", json, "base64url").slice(0, REVIEW_HASH_LENGTH);
}

/** Review hashes as one string, which crosses from another thread as one piece. */
export const joinReviewHashes = (hashes: readonly string[]): string => hashes.join("");

/** The `count` hashes `joinReviewHashes` joined; null when `joined` is not that many. */
export function splitReviewHashes(joined: string, count: number): string[] | null {
  if (joined.length !== count * REVIEW_HASH_LENGTH || !REVIEW_HASHES.test(joined)) return null;
  return Array.from({ length: count }, (_, i) => joined.slice(i * REVIEW_HASH_LENGTH, (i + 1) * REVIEW_HASH_LENGTH));
}

/** The sequence number of the newest change; 0 for an empty log. */
export const lastSeq = (log: ChangeLog): number => log.entries.at(-1)?.seq ?? 0;

/** The file's bytes: one line of compact JSON; entries as `[seq, id, hash | null, at]`. */
export function encodeChangeLog(log: ChangeLog): string {
  const rows = log.entries.map(
    (e) => `[${e.seq},${JSON.stringify(e.id)},${e.hash === null ? "null" : `"${e.hash}"`},${e.at}]`,
  );
  return `{"format":${CHANGE_LOG_FORMAT},"history":"${log.history}","entries":[${rows.join(",")}]}\n`;
}

/** The history of a log that starts with `entries`: derived from them, so the same start is the same history. */
export function historyOf(entries: readonly ChangeEntry[]): string {
  return createHash("sha256")
    .update(encodeChangeLog({ history: "0".repeat(16), entries }))
    .digest("hex")
    .slice(0, 16);
}

/** Reads a log written by `encodeChangeLog`; throws saying what is wrong with it. */
export function decodeChangeLog(text: string): ChangeLog {
  const doc = JSON.parse(text) as { format?: unknown; history?: unknown; entries?: unknown };
  if (doc?.format !== CHANGE_LOG_FORMAT)
    throw new Error(`expected format ${CHANGE_LOG_FORMAT}, got ${JSON.stringify(doc?.format)}`);
  if (typeof doc.history !== "string" || !HISTORY.test(doc.history)) throw new Error("no valid history id");
  if (!Array.isArray(doc.entries)) throw new Error("no entries array");
  const ids = new Set<string>();
  let seq = 0;
  const entries = doc.entries.map((row: unknown, k: number): ChangeEntry => {
    const bad = (what: string) => new Error(`entry ${k}: ${what}`);
    if (!Array.isArray(row) || row.length !== 4) throw bad("expected [seq, id, hash, at]");
    const [s, id, hash, at] = row as unknown[];
    if (!Number.isSafeInteger(s) || (s as number) <= seq) throw bad("sequence numbers must grow");
    if (typeof id !== "string" || !ID.test(id) || ids.has(id)) throw bad("expected a review id listed once");
    if (hash !== null && (typeof hash !== "string" || hash.length !== 22)) throw bad("expected a hash or null");
    if (!Number.isSafeInteger(at) || (at as number) < 0) throw bad("expected a time in epoch seconds");
    ids.add(id);
    seq = s as number;
    return { seq, id, hash: hash as string | null, at: at as number };
  });
  return { history: doc.history, entries };
}

/** RFC 3339 UTC, whole seconds. */
export const timestampOf = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
