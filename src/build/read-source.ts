// Reading the build's source: business.json and reviews.jsonl, or the previous release's reviews and the lines added
// since.
import type { Business } from "../lib/schema/business.ts";
import type { Review, ReviewInput } from "../lib/schema/review.ts";
import type { PreviousBuild } from "./previous-release.ts";
import { previousReviews } from "./previous-reviews.ts";
import { hashesHere, hashReviewsAhead } from "./review-hashes.ts";
import type { SourceReadAhead } from "./source-read-ahead.ts";
import {
  parseBusinessOf,
  parseReviewsFrom,
  parseSource,
  readSourceFiles,
  type SourceDigests,
  sourceDigests,
  type SourceFiles,
} from "./source.ts";

export type SourceRead = {
  files: SourceFiles;
  digests: SourceDigests;
  previous: PreviousBuild;
  business: Business;
  /** Reviews read back from the previous release, as it publishes them, with their JSON as it holds it. */
  reused: Review[];
  reusedJson: Buffer[];
  /** Their `reviewHash`es: taken on another thread while they are read here, when they were read ahead. */
  reusedHashes: Promise<string[]>;
  /** Reviews parsed from the source: the lines after the reused ones, or every line. */
  added: ReviewInput[];
  /** How the reviews were read: how many came from the previous release, or why none did. */
  reviewsRead: string;
  /** How many reviews suppressed.jsonl left out, when there is one. */
  suppressed: string | null;
};

/**
 * Reads the source in `dataDir` against the previous build (`previousBuild`, asked for once the files are read) and the
 * clock `now` (epoch milliseconds). `ahead`: the same read ahead on another thread (`readSourceAhead`); what it did not
 * read is read here.
 */
export async function readBuildSource(
  dataDir: string,
  previousBuild: () => Promise<PreviousBuild>,
  now: number,
  ahead: Promise<SourceReadAhead | null> = Promise.resolve(null),
): Promise<SourceRead> {
  const read = await ahead;
  const files = read?.files ?? readSourceFiles(dataDir);
  const previous = await previousBuild();
  const digests = read?.digests ?? sourceDigests(files, previous.release?.record.source?.reviews_bytes);
  return { files, digests, previous, ...readReviews(files, digests, previous, now, read?.previous ?? null) };
}

type ReadReviews = Omit<SourceRead, "files" | "digests" | "previous">;

/**
 * The reviews the previous release already publishes, read back from it, and the source lines after them; or, when
 * that release cannot be reused or a new line is invalid, every line parsed and validated (which reports every problem).
 */
function readReviews(
  files: SourceFiles,
  digests: SourceDigests,
  previous: PreviousBuild,
  now: number,
  previousJson: SourceReadAhead["previous"],
): ReadReviews {
  // The file read ahead is hashed review by review on another thread while its reviews are read here.
  const hashes = previousJson && hashReviewsAhead(previousJson.bytes);
  const { reused, reason } = previous.release
    ? previousReviews(previous.release, files, digests, previousJson)
    : { reused: null, reason: previous.reason };
  if (reused) {
    const added = parseReviewsFrom(files, reused.newFrom, reused.reviews, now);
    if (added) {
      return {
        business: parseBusinessOf(files),
        reused: reused.reviews,
        reusedJson: reused.json,
        reusedHashes: hashes?.of(reused.json) ?? Promise.resolve(hashesHere(reused.json)),
        added: added.reviews,
        reviewsRead: `${reused.reviews.length} reviews read from the previous release, ${added.reviews.length} from the source`,
        suppressed: suppressedNote(files, added.suppressedCount),
      };
    }
  }
  hashes?.stop();
  const source = parseSource(files, now);
  return {
    business: source.business,
    reused: [],
    reusedJson: [],
    reusedHashes: Promise.resolve([]),
    added: source.reviews,
    reviewsRead: `every review read from the source (${reason ?? "a new line is invalid"})`,
    suppressed: suppressedNote(files, source.suppressedCount),
  };
}

/** The build says how many reviews it left out, so a suppression is seen to take effect (or not to). */
function suppressedNote(files: SourceFiles, count: number): string | null {
  return files.suppressed
    ? `${count} review${count === 1 ? "" : "s"} of the source left out by ${files.suppressedFile}`
    : null;
}
