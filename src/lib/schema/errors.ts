// Error bodies of the read API: the 400 `{issues}` body with zod-style issues, and the `{code, message}` body of every other error.
import { z } from "zod";

export const ValidationIssue = z
  .object({
    code: z.string().meta({
      description:
        "zod issue code: invalid_type, invalid_format, invalid_value, too_small, too_big, unrecognized_keys or custom (a repeated parameter, since after until, a bad search cursor); for the change feed's `after`, invalid_cursor (not issued here) or stale_cursor (of another history): sync again from the start",
    }),
    path: z.array(z.union([z.string(), z.int()])).meta({
      description: 'Where the problem is; for query and path parameters, the parameter name, e.g. ["rating"]',
    }),
    message: z.string().meta({ description: "What was expected and what came, for humans" }),
  })
  .strict()
  .meta({ id: "ValidationIssue", description: "One problem with the request" });

export const ValidationError = z
  .object({ issues: z.array(ValidationIssue).min(1) })
  .strict()
  .meta({
    id: "ValidationError",
    description: "The request was invalid (status 400); every offending parameter has at least one issue",
  });

export const ApiError = z
  .object({
    code: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .meta({ description: "Stable machine-readable code, e.g. not_found, method_not_allowed, internal_error" }),
    message: z.string().meta({ description: "What happened, for humans; never a stack trace" }),
  })
  .strict()
  .meta({ id: "ApiError", description: "Error body of the read API for statuses other than 400 (404, 405, 500, ...)" });

export type ValidationIssue = z.output<typeof ValidationIssue>;
export type ValidationError = z.output<typeof ValidationError>;
export type ApiError = z.output<typeof ApiError>;

/** Unknown keys named one by one at most; the rest are counted. A request cannot make a long answer of many. */
const UNKNOWN_NAMED = 5;
/** Characters of an unknown key's name repeated in an answer. */
const UNKNOWN_NAME_CHARS = 40;

/**
 * zod issues as the API publishes them: only `code`, `path` and `message`, so that nothing internal
 * (received values, regexes) leaks. Unknown keys become one issue per key, each naming its key (cut short), for the
 * first few; one more issue counts the others.
 */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  let unknown = 0;
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        if (unknown++ >= UNKNOWN_NAMED) continue;
        const name = key.length > UNKNOWN_NAME_CHARS ? `${key.slice(0, UNKNOWN_NAME_CHARS)}…` : key;
        out.push({ code: issue.code, path: [...path, name], message: `unknown parameter '${name}'` });
      }
    } else {
      out.push({ code: issue.code, path, message: issue.message });
    }
  }
  if (unknown > UNKNOWN_NAMED)
    out.push({
      code: "unrecognized_keys",
      path: [],
      message: `and ${unknown - UNKNOWN_NAMED} more unknown parameters`,
    });
  return out;
}
