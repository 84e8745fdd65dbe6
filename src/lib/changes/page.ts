// One page of the change feed after a cursor, oldest change first, as the JSON both the HTTP endpoint and the MCP tool
// answer: `{changes, next_cursor, has_more}`, each upsert carrying the review's published JSON as it is.
import type { ValidationIssue } from "../schema/errors.ts";
import { partitionPoint } from "../partition-point.ts";
import { changesAfterOf, encodeChangesCursor } from "./cursor.ts";
import type { ChangeFeed } from "./feed.ts";
import { timestampOf } from "./log.ts";

export type ChangesOutcome = { ok: true; json: string; hasMore: boolean } | { ok: false; issues: ValidationIssue[] };

/** Up to `limit` changes after the cursor `after` (from the start without one); `reviewJson` reads an index position. */
export function changesPage(
  feed: ChangeFeed,
  reviewJson: (position: number) => string,
  after: string | undefined,
  limit: number,
): ChangesOutcome {
  const { log, positions } = feed;
  const from = changesAfterOf(log, after);
  if (!from.ok) return { ok: false, issues: [from.issue] };
  const { entries } = log;
  const start = partitionPoint(entries.length, (k) => entries[k]!.seq <= from.seq);
  const end = Math.min(entries.length, start + limit);
  const parts: string[] = [];
  for (let k = start; k < end; k++) {
    const e = entries[k]!;
    const at = JSON.stringify(timestampOf(e.at));
    parts.push(
      e.hash === null
        ? `{"type":"removed","id":${JSON.stringify(e.id)},"removed_at":${at}}`
        : `{"type":"upsert","changed_at":${at},"review":${reviewJson(positions[k]!)}}`,
    );
  }
  const hasMore = end < entries.length;
  // After the last change returned; with none, where the client already is: a later poll starts from there.
  const seq = end > start ? entries[end - 1]!.seq : from.seq;
  const json = `{"changes":[${parts.join(",")}],"next_cursor":"${encodeChangesCursor(log, seq)}","has_more":${hasMore}}`;
  return { ok: true, json, hasMore };
}
