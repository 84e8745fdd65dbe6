// Trustpilot's CSV export read as drafts: its columns matched by name, case- and space-insensitively, in any order.
import { trustpilotUrl } from "../field-values.ts";
import type { Format } from "../types.ts";
import { type ColumnPlan, csvFormat } from "./csv-rows.ts";
import { headerKey } from "./csv-table.ts";

/** Trustpilot's column names (as compared: lower case, no spaces) and the data-model path each fills. */
const COLUMNS: Readonly<Record<string, string>> = {
  reviewid: "id",
  "reviewcreated(utc)": "published_at",
  reviewcreated: "published_at",
  "reviewupdated(utc)": "updated_at",
  reviewusername: "author.name",
  reviewtitle: "title",
  reviewcontent: "text",
  reviewstars: "rating",
  reviewlanguage: "language",
  "reviewexperienced(utc)": "experience_date",
  dateofexperience: "experience_date",
  replycontent: "owner_reply.text",
  "businessreplydate(utc)": "owner_reply.published_at",
  "companyreplydate(utc)": "owner_reply.published_at",
  reviewverified: "verified.method",
  isverified: "verified.method",
  reviewverificationlevel: "verified.method",
  verificationlevel: "verified.method",
};

const REQUIRED = ["id", "published_at", "rating"];

export const readTrustpilotCsv: Format = csvFormat((header) => {
  const plan: ColumnPlan = { columns: new Map(), platform: "trustpilot", urlOf: trustpilotUrl, notes: [] };
  header.forEach((name, index) => {
    const path = COLUMNS[headerKey(name)];
    if (path && !plan.columns.has(path)) plan.columns.set(path, { index, header: name });
  });
  const missing = REQUIRED.filter((p) => !plan.columns.has(p));
  if (missing.length > 0) {
    const names = missing.map((p) => Object.entries(COLUMNS).find(([, v]) => v === p)![0]);
    return `not a Trustpilot review export: no column ${names.join(", ")} (found: ${header.join(", ")})`;
  }
  if (!plan.columns.has("verified.method"))
    plan.notes!.push(
      "no verification column (Review Verified, Review Verification Level): every row counts as unverified",
    );
  return plan;
});
