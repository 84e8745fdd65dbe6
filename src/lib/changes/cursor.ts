// Cursors of the change feed: opaque tokens naming a history and the sequence number of the last change a client has,
// and what a token means against the feed being served (a place in it, or why the client must sync from the start).
import { z } from "zod";
import type { ValidationIssue } from "../schema/errors.ts";
import { tokenCodec } from "../search/cursor.ts";
import type { ChangeFeed } from "./feed.ts";

const Payload = z.object({ v: z.literal(1), h: z.string().regex(/^[0-9a-f]{16}$/), q: z.int().min(0) }).strict();

const codec = tokenCodec(Payload);

export const encodeChangesCursor = (history: string, seq: number): string => codec.encode({ v: 1, h: history, q: seq });

const SYNC_AGAIN = "sync again from the start: call without `after` and replace your copy with what comes";

/** Where a client holding `token` continues (after this sequence number), or the issue with the token (at `after`). */
export function changesAfterOf(
  feed: Pick<ChangeFeed, "history" | "lastSeq">,
  token: string | undefined,
): { ok: true; seq: number } | { ok: false; issue: ValidationIssue } {
  if (token === undefined) return { ok: true, seq: 0 };
  const cursor = codec.decode(token);
  if (!cursor)
    return issue("invalid_cursor", `expected the next_cursor of an earlier answer, got something else; ${SYNC_AGAIN}`);
  // A history started again, or a release older than the one the cursor came from (its changes are not in this log).
  if (cursor.h !== feed.history || cursor.q > feed.lastSeq)
    return issue(
      "stale_cursor",
      `the cursor belongs to another history of changes (the log was started again); ${SYNC_AGAIN}`,
    );
  return { ok: true, seq: cursor.q };
}

const issue = (code: string, message: string) => ({ ok: false as const, issue: { code, path: ["after"], message } });
