// The answer of /since/{date} for one release: the reviews, oldest first, and the validators of that body.
import { createHash } from "node:crypto";
import { maxTimestamp } from "../../src/lib/dates.ts";
import { positionsSince } from "../../src/lib/search/since.ts";
import type { IndexedRelease } from "../release/index-store.ts";
import type { Validators } from "../http/conditional.ts";

export type SinceAnswer = Readonly<{ body: string; validators: Validators }>;

/** Every review dated on or after `date`, oldest first; ETag is the hash of the body, Last-Modified its newest change. */
export function computeSince(release: IndexedRelease, date: string): SinceAnswer {
  const { index } = release;
  const positions = positionsSince(index, date);
  // The SinceResult {since, count, reviews}, assembled from the reviews' kept JSON instead of parsing them again.
  const body = `{"since":${JSON.stringify(date)},"count":${positions.length},"reviews":[${positions.map(index.reviewJson).join(",")}]}`;
  const modified = positions.length
    ? positions.map((i) => index.modifiedAt[i]!).reduce((a, b) => maxTimestamp(a, b))
    : release.updatedAt;
  const lastModifiedMs = Date.parse(modified);
  return {
    body,
    validators: {
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
      lastModified: new Date(lastModifiedMs).toUTCString(),
      lastModifiedMs,
    },
  };
}
