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

const HISTORY = /^[0-9a-f]{16}$/;

const REVIEW_HASH_LENGTH = 22;

/** 128 bits of the sha256 of a review's published JSON: what tells a changed review from an unchanged one. */
export function reviewHash(json: Uint8Array | string): string {
  return hash("sha256", json, "base64url").slice(0, REVIEW_HASH_LENGTH);
}

/** The sequence number of the newest change; 0 for an empty log. */
export const lastSeq = (log: ChangeLog): number => log.entries.at(-1)?.seq ?? 0;

/** The file's bytes: one line of compact JSON; entries as `[seq, id, hash | null, at]`. */
export function encodeChangeLog(log: ChangeLog): string {
  return `${logHead(log.history)}${log.entries.map(encodeEntry).join(",")}${LOG_TAIL}`;
}

/** What the file holds before its entries, and after them (`encodeChangeLog`). */
export const logHead = (history: string): string => `{"format":${CHANGE_LOG_FORMAT},"history":"${history}","entries":[`;
export const LOG_TAIL = "]}\n";

/** One entry as the file holds it. */
export const encodeEntry = (e: ChangeEntry): string =>
  `[${e.seq},${JSON.stringify(e.id)},${e.hash === null ? "null" : `"${e.hash}"`},${e.at}]`;

/** The history of a log that starts with `entries`: derived from them, so the same start is the same history. */
export function historyOf(entries: readonly ChangeEntry[]): string {
  return createHash("sha256")
    .update(encodeChangeLog({ history: "0".repeat(16), entries }))
    .digest("hex")
    .slice(0, 16);
}

/** A log file as `scanChangeLog` reads it: its entries in columns, and where each lies in its text. */
export type ScannedLog = {
  /** The file's text. */
  text: string;
  history: string;
  ids: string[];
  /** Each id's entry. */
  entryOf: Map<string, number>;
  /** Null for a removal. */
  hashes: (string | null)[];
  seqs: number[];
  ats: number[];
  /** Entry k is `text.slice(starts[k], ends[k])`. */
  starts: number[];
  ends: number[];
};

/** The file's opening, each member in its place: the format, the history id, the entries. */
const FORMAT = /^\{"format":(0|[1-9]\d*),/;
const HISTORY_MEMBER = /^"history":"([^"]{0,64})",/;
const ENTRIES = '"entries":[';
const [COMMA, QUOTE, OPEN, CLOSE] = [",", '"', "[", "]"].map((c) => c.charCodeAt(0));

/**
 * Reads a log written by `encodeChangeLog`, entry by entry as the file holds them, character by character: a build
 * continues a log from these (diff.ts) without decoding or encoding again the entries it keeps. Throws saying what is
 * wrong with the text.
 */
export function scanChangeLog(text: string): ScannedLog {
  const format = FORMAT.exec(text);
  if (!format) throw new Error('expected {"format": a number, first');
  if (Number(format[1]) !== CHANGE_LOG_FORMAT)
    throw new Error(`expected format ${CHANGE_LOG_FORMAT}, got ${format[1]}`);
  const member = HISTORY_MEMBER.exec(text.slice(format[0].length, format[0].length + 80));
  if (!member || !HISTORY.test(member[1]!)) throw new Error("no valid history id");
  const history = member[1]!;
  let at = format[0].length + member[0].length;
  if (!text.startsWith(ENTRIES, at)) throw new Error("no entries array after the history id");
  at += ENTRIES.length;
  const log: ScannedLog = {
    text,
    history,
    ids: [],
    entryOf: new Map(),
    hashes: [],
    seqs: [],
    ats: [],
    starts: [],
    ends: [],
  };
  const char = (c: number | undefined) => text.charCodeAt(at) === c && ++at > 0;
  /** A JSON number without sign, fraction or leading zero, as a safe integer; -1 for anything else. */
  const integer = () => {
    const from = at;
    let n = 0;
    for (let c = text.charCodeAt(at); c >= 48 && c <= 57; c = text.charCodeAt(++at)) n = n * 10 + c - 48;
    return at === from || (n === 0 ? at > from + 1 : text.charCodeAt(from) === 48) || !Number.isSafeInteger(n) ? -1 : n;
  };
  /** A quoted run of ID_CHARS of 1 to `max` characters; null for anything else. */
  const quoted = (max: number) => {
    if (!char(QUOTE)) return null;
    const from = at;
    while (at - from <= max && ID_CHARS[text.charCodeAt(at)]) at++;
    return at > from && at - from <= max && char(QUOTE) ? text.slice(from, at - 1) : null;
  };
  let seq = 0;
  while (!char(CLOSE)) {
    const k = log.ids.length;
    const bad = (what: string) => new Error(`entry ${k}: ${what}`);
    if (k > 0 && !char(COMMA)) throw bad("expected another entry or the end of the list");
    const start = at;
    if (!char(OPEN)) throw bad("expected [seq, id, hash, at]");
    const s = integer();
    if (s === -1 || !char(COMMA)) throw bad("expected [seq, id, hash, at]");
    if (s <= seq) throw bad("sequence numbers must grow");
    const id = quoted(64);
    if (id === null || !ID_START[id.charCodeAt(0)] || !char(COMMA)) throw bad("expected a review id");
    if (log.entryOf.has(id)) throw bad("expected a review id listed once");
    let hash: string | null = null;
    if (text.startsWith("null", at)) at += 4;
    else if ((hash = quoted(REVIEW_HASH_LENGTH))?.length !== REVIEW_HASH_LENGTH) throw bad("expected a hash or null");
    if (!char(COMMA)) throw bad("expected a hash or null");
    const when = integer();
    if (when === -1 || !char(CLOSE)) throw bad("expected a time in epoch seconds");
    seq = s;
    log.ids.push(id);
    log.entryOf.set(id, k);
    log.hashes.push(hash);
    log.seqs.push(seq);
    log.ats.push(when);
    log.starts.push(start);
    log.ends.push(at);
  }
  if (text.slice(at) !== LOG_TAIL.slice(1)) throw new Error("the entries do not end as a log's do");
  return log;
}

/** The characters of review ids and hashes (base64url), by character code; an id starts with a letter or digit. */
const ID_CHARS = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
const ID_START = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");

function charTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}

/** Reads a log written by `encodeChangeLog`; throws saying what is wrong with it. */
export function decodeChangeLog(text: string): ChangeLog {
  const log = scanChangeLog(text);
  return {
    history: log.history,
    entries: log.ids.map((id, k) => ({ seq: log.seqs[k]!, id, hash: log.hashes[k]!, at: log.ats[k]! })),
  };
}

/** RFC 3339 UTC, whole seconds. */
export const timestampOf = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
