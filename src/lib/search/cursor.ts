// Opaque paging cursors: the filters of the search and the (date, id) of the last review returned, base64url JSON.
import { z } from "zod";
import { IsoDate } from "../schema/common.ts";
import { ReviewId } from "../schema/review.ts";
import { SearchFilters } from "../schema/search.ts";
import type { PageKey } from "./run.ts";

const CursorPayload = z.object({ v: z.literal(1), f: SearchFilters, a: z.tuple([IsoDate, ReviewId]) }).strict();

export type Cursor = { filters: SearchFilters; after: PageKey };

export function encodeCursor(cursor: Cursor): string {
  const payload: z.input<typeof CursorPayload> = { v: 1, f: cursor.filters, a: [cursor.after.date, cursor.after.id] };
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

/** The cursor, or null when it is not one this service issued. */
export function decodeCursor(token: string): Cursor | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = CursorPayload.safeParse(json);
  return parsed.success ? { filters: parsed.data.f, after: { date: parsed.data.a[0], id: parsed.data.a[1] } } : null;
}
