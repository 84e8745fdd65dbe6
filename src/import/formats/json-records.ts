// The review records of a JSON export: one list response `{"reviews": [...]}`, several pages of them in an array, or a
// bare array of records; each with its JSON pointer.
import { Problems, show } from "../field-values.ts";
import type { Draft, Format, FormatResult, Refusal } from "../types.ts";

type JsonRecord = Readonly<{ value: unknown; pointer: string }>;

/** The records of `bytes` (UTF-8; a leading BOM is ignored), or a refusal of the whole file. */
function jsonRecords(file: string, bytes: Uint8Array): { records: JsonRecord[]; refused: Refusal[] } {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch (err) {
    return {
      records: [],
      refused: [{ file, at: "/", field: "(file)", reason: `invalid JSON: ${(err as Error).message}` }],
    };
  }
  const records: JsonRecord[] = [];
  const refused: Refusal[] = [];
  const page = (value: unknown, pointer: string): boolean => {
    if (!isObject(value) || !("reviews" in value)) return false;
    const list = value.reviews;
    if (list === undefined || list === null) return true; // an empty page: the API leaves the member out
    if (!Array.isArray(list)) {
      refused.push({ file, at: pointer || "/", field: "reviews", reason: "expected an array of reviews" });
      return true;
    }
    list.forEach((r, i) => records.push({ value: r, pointer: `${pointer}/reviews/${i}` }));
    return true;
  };
  if (Array.isArray(data)) {
    data.forEach((item, i) => {
      if (!page(item, `/${i}`)) records.push({ value: item, pointer: `/${i}` });
    });
  } else if (!page(data, "")) {
    refused.push({
      file,
      at: "/",
      field: "(file)",
      reason: 'expected {"reviews": [...]}, an array of such pages, or an array of reviews',
    });
  }
  return { records, refused };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON format from the function that reads one record object: every record read, or refused with its pointer. */
export function jsonFormat(draftOf: (record: Record<string, unknown>, problems: Problems) => Draft): Format {
  return (file, bytes, _options, onDraft) => {
    const { records, refused } = jsonRecords(file, bytes);
    const result: FormatResult = { refused, records: records.length };
    for (const { value, pointer } of records) {
      const problems = new Problems({ file, at: pointer });
      if (!isObject(value)) problems.add("(record)", `expected a review object, got ${show(value)}`);
      const draft = isObject(value) ? draftOf(value, problems) : null;
      if (draft && problems.ok) onDraft(draft);
      else result.refused.push(...problems.list);
    }
    return result;
  };
}
