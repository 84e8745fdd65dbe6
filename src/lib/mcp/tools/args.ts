// Building blocks of the tools' typed arguments, with messages that name the rule and what came, and the issue text of a bad call.
import { z } from "zod";

/** Shows what came in an error message, short enough to read. */
export const got = (input: unknown): string => {
  const s = JSON.stringify(input) ?? String(input);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
};

/** "expected X, got Y", or "required: expected X" when the argument is missing. */
export const rule =
  (expected: string) =>
  (iss: { input?: unknown }): string =>
    iss.input === undefined ? `required: expected ${expected}` : `expected ${expected}, got ${got(iss.input)}`;

/** A calendar date `YYYY-MM-DD` that exists; the message is the HTTP parameters' own. */
export function dateArg() {
  return z.iso.date({ error: rule("an existing calendar date YYYY-MM-DD") });
}

export function intArg(min: number, max: number) {
  const error = rule(`an integer from ${min} to ${max}`);
  return z.int({ error }).min(min, { error }).max(max, { error });
}

export function numberArg(min: number, max: number) {
  const error = rule(`a number from ${min} to ${max}`);
  return z.number({ error }).min(min, { error }).max(max, { error });
}

/** A string that is trimmed (or otherwise normalised) before its length is checked. */
export function textArg(max: number, normalize: (s: string) => string = (s) => s.trim(), what = "") {
  return z
    .string({ error: rule("a string") })
    .transform(normalize)
    .pipe(
      z
        .string()
        .max(max, { error: (iss) => `expected at most ${max} characters${what}, got ${(iss.input as string).length}` }),
    );
}

/** A name or id to look up in a list; non-empty after trimming. */
export function lookupArg(what: string) {
  return z
    .string({ error: rule(`${what} as a string`) })
    .trim()
    .min(1, { error: `expected ${what}, got an empty string` })
    .max(200, { error: (iss) => `expected at most 200 characters, got ${(iss.input as string).length}` });
}

/** One problem with a call, by argument. */
export type ToolIssue = Readonly<{ path: readonly (string | number)[]; message: string }>;

/** zod issues as tool issues: unknown arguments become one issue each, naming the arguments the tool takes. */
export function toToolIssues(issues: readonly z.core.$ZodIssue[], known: readonly string[]): ToolIssue[] {
  const out: ToolIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
    if (issue.code === "unrecognized_keys") {
      const takes = known.length ? `this tool takes ${known.join(", ")}` : "this tool takes no arguments";
      for (const key of issue.keys) out.push({ path: [...path, key], message: `unknown argument; ${takes}` });
    } else if (issue.code === "invalid_type" && path.length === 0) {
      out.push({ path: [], message: `expected an object of named arguments, got ${got(issue.input)}` });
    } else {
      out.push({ path, message: issue.message });
    }
  }
  return out;
}

/** The text of a tool error: one line per argument and the rule it broke. */
export function issuesText(tool: string, issues: readonly ToolIssue[]): string {
  const lines = issues.map((i) => `- ${i.path.length ? i.path.join(".") : "arguments"}: ${i.message}`);
  return `${tool}: invalid arguments\n${lines.join("\n")}`;
}
