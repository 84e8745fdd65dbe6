// The search and since endpoints: their parameters as they arrive (strings), the parsing of a query string, and the result envelopes.
import { z } from "zod";
import { normalizeText } from "../text/normalize.ts";
import { toValidationIssues, type ValidationIssue } from "./errors.ts";
import { AspectPolarity, SentimentLabel } from "./insights.ts";

export const LIMIT_DEFAULT = 20;
export const LIMIT_MAX = 100;
export const QUERY_MAX_LENGTH = 200;
export const MENTION_MAX_LENGTH = 200;
export const CURSOR_MAX_LENGTH = 2048;

/** Shows what came in an error message, short enough to read. */
const got = (input: unknown) => {
  const s = JSON.stringify(input) ?? String(input);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
};

type NumberKind = "integer" | "number";

const numberError = (kind: NumberKind, min: number, max: number) => (iss: { input?: unknown }) =>
  `expected ${kind === "integer" ? "an integer" : "a number"} from ${min} to ${max}, got ${got(iss.input)}`;

/** A number as JSON gives it. */
function numberValue(kind: NumberKind, min: number, max: number) {
  const error = numberError(kind, min, max);
  return (kind === "integer" ? z.int({ error }) : z.number({ error })).min(min, { error }).max(max, { error });
}

// Numbers arrive as strings: only plain decimal notation counts (no "", " 4", "0x4", "1e0", "Infinity").
export function numberParam(kind: NumberKind, min: number, max: number) {
  const error = numberError(kind, min, max);
  const shape = kind === "integer" ? /^-?\d+$/ : /^-?\d+(?:\.\d+)?$/;
  return z
    .string()
    .regex(shape, { error })
    .transform(Number)
    .pipe(numberValue(kind, min, max));
}

/** An opaque cursor, the `next_cursor` of `of` ("an earlier answer"). */
export const cursorParam = (of: string) =>
  z
    .string()
    .max(CURSOR_MAX_LENGTH, { error: `expected the next_cursor of ${of} (at most ${CURSOR_MAX_LENGTH} characters)` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: `expected the next_cursor of ${of}` });

/** A calendar date `YYYY-MM-DD` that exists (2024-02-30 is refused), as a parameter. */
export const DateParam = z.iso.date({
  error: (iss) => `expected an existing calendar date YYYY-MM-DD, got ${got(iss.input)}`,
});

const textParam = (max: number, normalize: (s: string) => string, what: string) =>
  z
    .string()
    .transform(normalize)
    .pipe(
      z
        .string()
        .max(max, { error: (iss) => `expected at most ${max} characters${what}, got ${(iss.input as string).length}` }),
    );

/**
 * The parameters of a search and every rule they obey (lengths after normalisation, filters that need each other,
 * since <= until), with numbers read by `number`: from query-string text, or as JSON gives them.
 */
const searchQuery = (number: typeof numberParam | typeof numberValue) =>
  z
    .object({
      rating: number("integer", 1, 5).optional().meta({ description: "Exact star rating to match" }),
      min_rating: number("number", 1, 5)
        .optional()
        .meta({ description: "Minimum star rating, inclusive (3.5 matches 4 and 5)" }),
      max_rating: number("number", 1, 5)
        .optional()
        .meta({ description: "Maximum star rating, inclusive (2.5 matches 1 and 2); not below `min_rating`" }),
      since: DateParam.optional().meta({ description: "Only reviews dated on or after this date (inclusive)" }),
      until: DateParam.optional().meta({
        description: "Only reviews dated on or before this date (inclusive); must not be before `since`",
      }),
      query: textParam(QUERY_MAX_LENGTH, normalizeText, " after normalisation").optional().meta({
        description:
          "Substring of the review text. Query and text are both normalised: Unicode NFKC, lower case, every run of whitespace folded to one space, trimmed; accents are kept. Empty after trimming means no filter; at most 200 characters after normalisation. Reviews without text never match.",
      }),
      mentions_technician: textParam(MENTION_MAX_LENGTH, (s) => s.trim(), "")
        .optional()
        .meta({
          description:
            "Only reviews mentioning this technician: id, name or alias from business.technicians, or a first name no other technician shares and that is not a common word (Will, Mark...); case- and accent-insensitive (Tomas = Tomás). A name that names no technician is a 400 whose issue lists the technicians. Empty means no filter.",
        }),
      mentions_service: textParam(MENTION_MAX_LENGTH, (s) => s.trim(), "")
        .optional()
        .meta({
          description:
            "Only reviews mentioning this service: id, name or alias from business.services, case- and accent-insensitive. A name that names no service is a 400 whose issue lists the services. Empty means no filter.",
        }),
      aspect: textParam(MENTION_MAX_LENGTH, (s) => s.trim(), "")
        .optional()
        .meta({
          description:
            "Only reviews that speak about this aspect: id or label from /insights.json aspects, case-insensitive. An unknown aspect matches nothing. Empty means no filter.",
        }),
      // Plain copies of the enums: parameter schemas in the OpenAPI document are self-contained.
      aspect_sentiment: z.enum(AspectPolarity.options).optional().meta({
        description: "With `aspect`: only reviews judging the aspect this way (positive, neutral or negative)",
      }),
      sentiment: z
        .enum(SentimentLabel.options)
        .optional()
        .meta({ description: "Only reviews whose overall sentiment has this label" }),
      limit: number("integer", 1, LIMIT_MAX)
        .default(LIMIT_DEFAULT)
        .meta({ description: "Maximum number of reviews returned" }),
      cursor: cursorParam("a previous page").optional().meta({
        description:
          "Opaque: the `next_cursor` of the previous page. It carries its filters, so it works alone; filters given with it must be the same, or the request is a 400.",
      }),
    })
    .strict()
    .superRefine(
      (q, ctx) =>
        filterRules(
          {
            since: q.since,
            until: q.until,
            min: q.min_rating,
            max: q.max_rating,
            aspect: q.aspect !== undefined && q.aspect !== "",
            sentiment: q.aspect_sentiment,
          },
          ctx,
        ),
      { when: (payload) => !payload.issues.some((i) => RELATED.has(String(i.path?.[0]))) },
    );

/** Parameters the rules between filters compare: checked only once each is valid on its own. */
const RELATED = new Set(["since", "until", "min_rating", "max_rating"]);

/**
 * The rules between filters that every search obeys, whether given as parameters or carried by a cursor:
 * `aspect_sentiment` needs `aspect`, `since` is not after `until`, and `min_rating` not above `max_rating`.
 */
export function filterRules(
  f: {
    since: string | null | undefined;
    until: string | null | undefined;
    min: number | null | undefined;
    max: number | null | undefined;
    aspect: boolean;
    sentiment: string | null | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (f.sentiment != null && !f.aspect) {
    ctx.addIssue({
      code: "custom",
      path: ["aspect_sentiment"],
      message: "expected together with `aspect`, which names the aspect it applies to",
    });
  }
  if (f.since != null && f.until != null && f.since > f.until) {
    ctx.addIssue({
      code: "custom",
      path: ["since"],
      message: `expected a date on or before until (${f.until}), got ${got(f.since)}`,
    });
  }
  if (f.min != null && f.max != null && f.min > f.max) {
    ctx.addIssue({
      code: "custom",
      path: ["max_rating"],
      message: `expected a rating of at least min_rating (${f.min}), got ${got(f.max)}`,
    });
  }
}

/** Query parameters of `GET /api/reviews/search`, as strings in, typed values out. Unknown parameters are refused. */
export const SearchQueryParams = searchQuery(numberParam);
/** The same search given as typed values (the MCP tool's arguments): numbers as numbers, every other rule the same. */
const SearchQueryValues = searchQuery(numberValue);

/** Parsed search parameters. `query`, `mentions_technician` and `mentions_service` are absent when empty. */
export type SearchQuery = z.output<typeof SearchQueryParams>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/**
 * Parses the query string of a search request. Every problem is an issue naming its parameter:
 * unknown and repeated parameters included. Issues come in a stable order.
 */
export function parseSearchQuery(params: URLSearchParams): ParseResult<SearchQuery> {
  const { values, issues } = singleValues(params, SearchQueryParams.shape);
  return searchOf(SearchQueryParams.safeParse(values), issues);
}

/**
 * A query string's parameters as one value each; a parameter of `shape` given more than once is an issue (and left
 * out), others are left for the schema to refuse as unknown.
 */
export function singleValues(
  params: URLSearchParams,
  shape: Readonly<Record<string, unknown>>,
): { values: Record<string, string>; issues: ValidationIssue[] } {
  const counts = new Map<string, number>();
  const first = new Map<string, string>();
  for (const [key, value] of params) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!first.has(key)) first.set(key, value);
  }
  const issues: ValidationIssue[] = [];
  for (const [key, n] of counts) {
    if (n > 1 && Object.hasOwn(shape, key)) {
      issues.push({ code: "custom", path: [key], message: `expected the parameter at most once, got it ${n} times` });
      first.delete(key);
    }
  }
  return { values: Object.fromEntries(first), issues };
}

/** Checks a search given as typed values (the MCP tool's arguments) by the rules of the query string. */
export function parseSearchValues(values: Readonly<Record<string, unknown>>): ParseResult<SearchQuery> {
  return searchOf(SearchQueryValues.safeParse(values), []);
}

function searchOf(
  result: ReturnType<typeof SearchQueryParams.safeParse>,
  issues: ValidationIssue[],
): ParseResult<SearchQuery> {
  if (!result.success) issues.push(...toValidationIssues(result.error.issues));
  if (issues.length > 0 || !result.success) return { ok: false, issues };
  const value = { ...result.data };
  for (const key of ["query", "mentions_technician", "mentions_service"] as const)
    if (value[key] === "") delete value[key];
  return { ok: true, value };
}

/** Path parameters of `GET /api/reviews/since/{date}`. */
export const SincePathParams = z
  .object({
    date: DateParam.meta({
      description: "Calendar date YYYY-MM-DD in the business's time zone; it must exist (2024-02-30 is a 400)",
    }),
  })
  .strict();

/** Parses the `{date}` path segment (already percent-decoded); a malformed or impossible date is an issue at `["date"]`. */
export function parseSinceDate(date: string): ParseResult<string> {
  const result = SincePathParams.safeParse({ date });
  return result.success
    ? { ok: true, value: result.data.date }
    : { ok: false, issues: toValidationIssues(result.error.issues) };
}
