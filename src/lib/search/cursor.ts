// Opaque paging cursors: what the pages are of (the search's filters, or the since date) and the (date, id) of the last
// review returned, as base64url JSON.
import { z } from "zod";
import { IsoDate } from "../schema/common.ts";
import { ReviewId } from "../schema/review.ts";
import { SearchFilters } from "../schema/search-results.ts";
import type { PageKey } from "./run.ts";

export type Cursor<S> = { scope: S; after: PageKey };

export type CursorCodec<S> = Readonly<{
  encode: (cursor: Cursor<S>) => string;
  /** The cursor, or null when it is not one this service issued. */
  decode: (token: string) => Cursor<S> | null;
}>;

function cursorCodec<S>(key: "f" | "s", scope: z.ZodType<S>): CursorCodec<S> {
  const Payload = z.object({ v: z.literal(1), [key]: scope, a: z.tuple([IsoDate, ReviewId]) }).strict();
  return Object.freeze({
    encode: (cursor: Cursor<S>) =>
      Buffer.from(JSON.stringify({ v: 1, [key]: cursor.scope, a: [cursor.after.date, cursor.after.id] })).toString(
        "base64url",
      ),
    decode: (token: string) => {
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      const parsed = Payload.safeParse(json);
      if (!parsed.success) return null;
      const [date, id] = parsed.data["a"] as [string, string];
      return { scope: parsed.data[key] as S, after: { date, id } };
    },
  });
}

/** Search cursors carry the search's filters, so a cursor alone continues the search. */
export const searchCursor = cursorCodec("f", SearchFilters);
/** Since cursors carry the date the pages are of. */
export const sinceCursor = cursorCodec("s", IsoDate);
