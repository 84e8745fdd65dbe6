// Small conversions shared by the formats: text fields, ratings, timestamps, each refusing with a reason on bad input.
import { DATE_FORM, normaliseDate, normaliseTimestamp, TIMESTAMP_FORM } from "./timestamps.ts";
import type { Refusal, Where } from "./types.ts";

/** Text as the data holds it: line ends as `\n`, no surrounding blanks; null when blank or absent. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\r\n?/g, "\n").trim();
  return text === "" ? null : text;
}

/** Collects a record's refusals under its location; `ok` is false once any was added. */
export class Problems {
  readonly list: Refusal[] = [];
  readonly where: Where;
  constructor(where: Where) {
    this.where = where;
  }
  get ok(): boolean {
    return this.list.length === 0;
  }
  add(field: string, reason: string): void {
    this.list.push({ ...this.where, field, reason });
  }

  /** A required timestamp, normalised; records a refusal and returns "" when it is missing or malformed. */
  timestamp(field: string, value: unknown): string {
    return this.optionalTimestamp(field, value, true) ?? "";
  }

  /** An optional timestamp, normalised; null when absent. */
  optionalTimestamp(field: string, value: unknown, required = false): string | null {
    const text = typeof value === "string" ? value.trim() : value;
    if (text === undefined || text === null || text === "") {
      if (required) this.add(field, `required: a timestamp (${TIMESTAMP_FORM})`);
      return null;
    }
    const normal = typeof text === "string" ? normaliseTimestamp(text) : null;
    if (normal === null) this.add(field, `not a timestamp: ${show(text)} (expected ${TIMESTAMP_FORM})`);
    return normal;
  }

  /** An optional calendar date `YYYY-MM-DD` (a timestamp's date part is taken); null when absent. */
  optionalDate(field: string, value: unknown): string | null {
    const text = typeof value === "string" ? value.trim() : value;
    if (text === undefined || text === null || text === "") return null;
    const normal = typeof text === "string" ? normaliseDate(text) : null;
    if (normal === null) this.add(field, `not a date: ${show(text)} (expected ${DATE_FORM})`);
    return normal;
  }

  /** A star rating 1-5 given as a number or digits (`5.0` and a decimal comma's `5,0` too); 0 (after a refusal) otherwise. */
  rating(field: string, value: unknown): number {
    const n = typeof value === "string" && /^\s*\d+([.,]0+)?\s*$/.test(value) ? Number.parseInt(value, 10) : value;
    if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 5) return n;
    this.add(
      field,
      value === undefined || value === ""
        ? "required: a rating 1-5"
        : `expected a whole number 1-5, got ${show(value)}`,
    );
    return 0;
  }

  /** A required platform id: a non-blank string or number. */
  platformId(field: string, value: unknown): string {
    const id = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    if (id === "") this.add(field, "required: the platform's id of the review (it makes the review's id)");
    return id;
  }
}

/** A value quoted for a message, cut to a readable length. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A BCP 47 tag as the data holds it (`en`, `pt-BR`), or null when absent or not one. */
export function languageTag(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const [primary = "", ...rest] = value.trim().replace(/_/g, "-").split("-");
  const tag = [primary.toLowerCase(), ...rest].join("-");
  return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag) ? tag : null;
}

/** The public page of a Trustpilot review, from its id (Trustpilot's ids are 24 hex digits). */
export function trustpilotUrl(id: string): string | null {
  return /^[A-Za-z0-9]{1,64}$/.test(id) ? `https://www.trustpilot.com/reviews/${id}` : null;
}
