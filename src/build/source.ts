// Reads and validates the business's source data (data/business.json, data/reviews.jsonl); every problem names file, line and field.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { findNodeAtLocation, parseTree, type ParseError, printParseErrorCode } from "jsonc-parser";
import type { z } from "zod";
import { type Business, BusinessFile } from "../lib/schema/business.ts";
import { ReviewInput } from "../lib/schema/review.ts";
import { duplicateKeys } from "./duplicate-keys.ts";
import { futureDates } from "./future-dates.ts";
import { nestsDeeperThan, TOO_DEEP } from "./json-depth.ts";
import { decodeSource, sourceLines } from "./source-text.ts";
import { parseSuppressed, readSuppressedBytes, SUPPRESSED_FILE } from "./suppressed.ts";

export type Source = {
  business: Business;
  /** The reviews to publish: those of reviews.jsonl whose ids suppressed.jsonl does not hold. */
  reviews: ReviewInput[];
  /** How many reviews of reviews.jsonl suppressed.jsonl left out. */
  suppressedCount: number;
  /** The build says how many reviews it left out, so a suppression is seen to take effect (or not to). */
  suppressed: string | null;
};

/** Problems shown in the error; the count always covers them all. */
const MAX_LISTED = 500;

/** The data failed validation; `problems` holds one `file:line: field: message` entry each. */
export class DataError extends Error {
  override name = "DataError";
  readonly problems: readonly string[];
  constructor(problems: string[]) {
    const shown = problems.slice(0, MAX_LISTED);
    const more = problems.length > MAX_LISTED ? `\n  ... and ${problems.length - MAX_LISTED} more` : "";
    super(
      `Invalid source data (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n  ${shown.join("\n  ")}${more}\nFix the data and build again; nothing was published.`,
    );
    this.problems = problems;
  }
}

/** The source files' bytes, read once: the build hashes, compares and parses them. */
export type SourceFiles = Readonly<{
  businessFile: string;
  reviewsFile: string;
  suppressedFile: string;
  business: Buffer;
  reviews: Buffer;
  /** null when there is no suppressed.jsonl. */
  suppressed: Buffer | null;
}>;

/** The source in `dataDir`, checked against the clock `now` (epoch milliseconds; this machine's when omitted). */
export function readSource(dataDir: string, now: number = Date.now()): Source {
  return parseSource(readSourceFiles(dataDir), now);
}

export function readSourceFiles(dataDir: string): SourceFiles {
  const businessFile = path.join(dataDir, "business.json");
  const reviewsFile = path.join(dataDir, "reviews.jsonl");
  const suppressedFile = path.join(dataDir, SUPPRESSED_FILE);
  return {
    businessFile: display(businessFile),
    reviewsFile: display(reviewsFile),
    suppressedFile: display(suppressedFile),
    business: readBytes(businessFile),
    reviews: readBytes(reviewsFile),
    suppressed: readSuppressedBytes(suppressedFile),
  };
}

export function parseSource(files: SourceFiles, now: number): Source {
  const problems: string[] = [];
  const business = parseBusiness(
    files.businessFile,
    decodeSource(files.businessFile, files.business, problems),
    problems,
  );
  const reviews = parseReviews(
    files.reviewsFile,
    sourceLines(files.reviewsFile, files.reviews, problems),
    now,
    problems,
  );
  const suppressed = suppressedIds(files, problems);
  if (problems.length > 0 || !business) throw new DataError(problems);
  const kept = suppressed.size > 0 ? reviews.filter((r) => !suppressed.has(r.id)) : reviews;
  const count = reviews.length - kept.length;
  const note = files.suppressed
    ? `${count} review${count === 1 ? "" : "s"} of the source left out by ${files.suppressedFile}`
    : null;
  return { business, reviews: kept, suppressedCount: count, suppressed: note };
}

/** The ids suppressed.jsonl holds (none without the file); its problems are pushed onto `problems`. */
function suppressedIds(files: SourceFiles, problems: string[]): Set<string> {
  if (!files.suppressed) return new Set();
  return parseSuppressed(
    files.suppressedFile,
    decodeSource(files.suppressedFile, files.suppressed, problems),
    problems,
  );
}

/** Each source file's sha256. */
export type SourceDigests = { business: string; reviews: string; suppressed: string | null };

export function sourceDigests(files: Pick<SourceFiles, "business" | "reviews" | "suppressed">): SourceDigests {
  const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  return {
    business: digest(files.business),
    reviews: digest(files.reviews),
    suppressed: files.suppressed ? digest(files.suppressed) : null,
  };
}

/**
 * The hash a release records of the data it was built from (the manifest's source_hash): over the files' hashes
 * (suppressed.jsonl's only when there is one).
 */
export function sourceHashOf(digests: SourceDigests): string {
  const suppressed = digests.suppressed === null ? "" : `\0${digests.suppressed}`;
  return createHash("sha256").update(`${digests.business}\0${digests.reviews}${suppressed}`).digest("hex");
}

/** The source hash of the data in `dataDir`, without validating the data. */
export function readSourceHash(dataDir: string): string {
  return sourceHashOf(sourceDigests(readSourceFiles(dataDir)));
}

/** The file's bytes; one that cannot be read is a problem of the data. */
function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new DataError([`${display(file)}: cannot read the file (${code ?? String(err)})`]);
  }
}

function display(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith("..") ? file : rel;
}

function parseBusiness(file: string, text: string, problems: string[]): Business | null {
  if (nestsDeeperThan(text)) {
    problems.push(`${file}: ${TOO_DEEP}`);
    return null;
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !tree) {
    for (const e of errors)
      problems.push(`${file}:${lineOf(text, e.offset)}: invalid JSON (${printParseErrorCode(e.error)})`);
    return null;
  }
  const value: unknown = JSON.parse(text);
  const repeated = duplicateKeys(text, value);
  for (const d of repeated) problems.push(`${file}:${lineOf(text, d.offset)}: ${duplicateKeyProblem(d)}`);
  const result = BusinessFile.safeParse(value);
  if (result.success) return repeated.length === 0 ? result.data : null;
  for (const issue of result.error.issues) {
    // Point at the deepest node of the path that exists (a missing field points at its parent object).
    let p = issue.path as (string | number)[];
    let node = findNodeAtLocation(tree, p);
    while (!node && p.length > 0) {
      p = p.slice(0, -1);
      node = findNodeAtLocation(tree, p);
    }
    problems.push(`${file}:${lineOf(text, node?.offset ?? 0)}: ${fieldOf(issue)}: ${issue.message}`);
  }
  return null;
}

/** The reviews of `lines`, of reviews.jsonl from a line start, dated no later than a day after `now`. */
function parseReviews(file: string, lines: Iterable<string>, now: number, problems: string[]): ReviewInput[] {
  const reviews: ReviewInput[] = [];
  const firstLine = new Map<string, number>();
  let n = 0;
  for (const whole of lines) {
    n++;
    const line = whole.trim();
    if (line === "") continue;
    if (nestsDeeperThan(line)) {
      problems.push(`${file}:${n}: ${TOO_DEEP}`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      problems.push(`${file}:${n}: invalid JSON (${(err as Error).message})`);
      continue;
    }
    // Every check runs whatever the others found, so one build reports all of a line's problems.
    const repeated = duplicateKeys(line, value);
    for (const d of repeated) problems.push(`${file}:${n}: ${duplicateKeyProblem(d)}`);
    const result = ReviewInput.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${file}:${n}: ${fieldOf(issue)}: ${issue.message}`);
    }
    const future = futureDates(result.success ? result.data : value, now);
    for (const problem of future) problems.push(`${file}:${n}: ${problem}`);
    const id = (value as { id?: unknown } | null)?.id;
    const seen = typeof id === "string" ? firstLine.get(id) : undefined;
    if (seen !== undefined) problems.push(`${file}:${n}: id: duplicate id '${String(id)}' (first on line ${seen})`);
    else if (typeof id === "string") firstLine.set(id, n);
    if (result.success && repeated.length === 0 && future.length === 0 && seen === undefined) reviews.push(result.data);
  }
  return reviews;
}

function duplicateKeyProblem(d: { path: string; key: string }): string {
  return `${d.path}: duplicate key '${d.key}' (JSON keeps only the last; remove the other)`;
}

function fieldOf(issue: z.core.$ZodIssue): string {
  const keys = issue.code === "unrecognized_keys" ? `.${issue.keys.join(", ")}` : "";
  return (issue.path.length ? issue.path.join(".") : "(record)") + keys;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
