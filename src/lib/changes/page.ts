// One page of the change feed after a cursor, oldest change first, as the JSON both the HTTP endpoint and the MCP tool
// answer: `{changes, next_cursor, has_more}`, each upsert carrying the review's published JSON as it is.
import type { ValidationIssue } from "../schema/errors.ts";
import { changesAfterOf, encodeChangesCursor } from "./cursor.ts";
import type { ChangeFeed } from "./feed.ts";
import { timestampOf } from "./log.ts";

export type ChangesOutcome = { ok: true; json: string; hasMore: boolean } | { ok: false; issues: ValidationIssue[] };

/** Up to `limit` changes after the cursor `after` (from the start without one). */
export function changesPage(feed: ChangeFeed, after: string | undefined, limit: number): ChangesOutcome {
  const from = changesAfterOf(feed, after);
  if (!from.ok) return { ok: false, issues: [from.issue] };
  // One more than shown: whether more follow.
  const changes = feed.after(from.seq, limit + 1);
  const hasMore = changes.length > limit;
  const shown = changes.slice(0, limit);
  const parts = shown.map((c) => {
    const at = JSON.stringify(timestampOf(c.at));
    return c.json === null
      ? `{"type":"removed","id":${JSON.stringify(c.id)},"removed_at":${at}}`
      : `{"type":"upsert","changed_at":${at},"review":${c.json}}`;
  });
  // After the last change returned; with none, where the client already is: a later poll starts from there.
  const seq = shown.at(-1)?.seq ?? from.seq;
  const json = `{"changes":[${parts.join(",")}],"next_cursor":"${encodeChangesCursor(feed.history, seq)}","has_more":${hasMore}}`;
  return { ok: true, json, hasMore };
}
