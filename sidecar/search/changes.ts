// GET /api/reviews/changes: a page of the release's change feed after a cursor, sent with a content-hash ETag, so a
// client polling with If-None-Match gets a 304 until the release changes what it would receive.
import { createHash } from "node:crypto";
import { changesPage } from "../../src/lib/changes/page.ts";
import { parseChangesQuery } from "../../src/lib/schema/changes.ts";
import { ApiError } from "../http/errors.ts";
import type { IndexedRelease } from "../release/index-store.ts";
import { issuesJson, sendJson } from "./json-response.ts";

export function changesAnswer(req: Request, release: IndexedRelease): Promise<Response> {
  const parsed = parseChangesQuery(new URL(req.url).searchParams);
  if (!parsed.ok) return sendJson(req, issuesJson(parsed.issues), 400);
  const feed = release.changes;
  if (!feed)
    throw new ApiError(
      503,
      "changes_unavailable",
      "The change feed of this release is not available; try again later.",
    );
  const page = changesPage(feed, parsed.value.after, parsed.value.limit);
  if (!page.ok) return sendJson(req, issuesJson(page.issues), 400);
  const lastModifiedMs = feed.newestAt * 1000;
  const etag = `"${createHash("sha256").update(page.json).digest("base64url").slice(0, 32)}"`;
  return sendJson(req, page.json, 200, { etag, lastModified: new Date(lastModifiedMs).toUTCString(), lastModifiedMs });
}
