// Opaque paging cursors: what the pages are of (the search's filters, or the since date) and the (date, id) of the last
// review returned, as base64url JSON; and the codec of such tokens, which the change feed's cursors use too.
import { z } from "zod";
import { IsoDate } from "../schema/common.ts";
import { ReviewId } from "../schema/review.ts";
import { SearchFilters } from "../schema/search-results.ts";
import type { PageKey } from "./run.ts";

type Cursor<S> = { scope: S; after: PageKey };

export type CursorCodec<S> = Readonly<{
  encode: (cursor: Cursor<S>) => string;
  /** The cursor, or null when it is not one this service issued. */
  decode: (token: string) => Cursor<S> | null;
}>;

/** A token as base64url JSON that `payload` checks: decoding anything this service did not issue gives null. */
export function tokenCodec<T>(
  payload: z.ZodType<T>,
): Readonly<{ encode: (value: T) => string; decode: (token: string) => T | null }> {
  return Object.freeze({
    encode: (value: T) => Buffer.from(JSON.stringify(value)).toString("base64url"),
    decode: (token: string) => {
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      const parsed = payload.safeParse(json);
      return parsed.success ? parsed.data : null;
    },
  });
}

function cursorCodec<S>(key: "f" | "s", scope: z.ZodType<S>): CursorCodec<S> {
  const Payload = z.object({ v: z.literal(1), [key]: scope, a: z.tuple([IsoDate, ReviewId]) }).strict();
  const token = tokenCodec(Payload as z.ZodType<Record<string, unknown>>);
  return Object.freeze({
    encode: (cursor: Cursor<S>) => token.encode({ v: 1, [key]: cursor.scope, a: [cursor.after.date, cursor.after.id] }),
    decode: (text: string) => {
      const data = token.decode(text);
      if (!data) return null;
      const [date, id] = data["a"] as [string, string];
      return { scope: data[key] as S, after: { date, id } };
    },
  });
}

/** Search cursors carry the search's filters, so a cursor alone continues the search. */
export const searchCursor = cursorCodec("f", SearchFilters);
/** Since cursors carry the date the pages are of. */
export const sinceCursor = cursorCodec("s", IsoDate);
