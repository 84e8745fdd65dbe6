// Trustpilot Business API reviews (`{"reviews": [...]}` list responses, one or several pages) read as drafts.
import { cleanText, languageTag, Problems, show, trustpilotUrl } from "../field-values.ts";
import type { Draft, Format } from "../types.ts";
import { isObject, jsonFormat } from "./json-records.ts";

export const readTrustpilotJson: Format = jsonFormat(trustpilotDraft);

function trustpilotDraft(r: Record<string, unknown>, problems: Problems): Draft {
  const consumer = isObject(r.consumer) ? r.consumer : {};
  const id = problems.platformId("id", r.id);
  const published = problems.timestamp("createdAt", r.createdAt);
  const updated = problems.optionalTimestamp("updatedAt", r.updatedAt);
  const reply = isObject(r.companyReply) ? r.companyReply : null;
  const replyText = reply ? cleanText(reply.text) : null;
  const replyAt = reply
    ? problems.optionalTimestamp(
        reply.updatedAt ? "companyReply.updatedAt" : "companyReply.createdAt",
        reply.updatedAt ?? reply.createdAt,
      )
    : null;
  if (r.isVerified !== undefined && typeof r.isVerified !== "boolean")
    problems.add("isVerified", `expected true or false, got ${show(r.isVerified)}`);
  return {
    where: problems.where,
    platform: "trustpilot",
    platformId: id,
    verified: r.isVerified === true,
    record: {
      published_at: published,
      updated_at: updated !== null && updated > published ? updated : null,
      rating: problems.rating("stars", r.stars),
      title: cleanText(r.title),
      text: cleanText(r.text),
      language: languageTag(r.language),
      author: { name: cleanText(consumer.displayName) ?? "", avatar_url: null },
      experience_date: problems.optionalDate("experiencedAt", r.experiencedAt),
      verified: { method: "platform", verified_at: published },
      source: { platform: "trustpilot", url: trustpilotUrl(id) },
      // A reply without a date takes the review's: a missing date is no reason to lose the row.
      owner_reply: replyText !== null ? { text: replyText, published_at: replyAt ?? published } : null,
    },
    fields: FIELDS,
  };
}

const FIELDS = {
  published_at: "createdAt",
  updated_at: "updatedAt",
  rating: "stars",
  title: "title",
  text: "text",
  language: "language",
  "author.name": "consumer.displayName",
  experience_date: "experiencedAt",
  "verified.verified_at": "createdAt",
  owner_reply: "companyReply",
  "owner_reply.text": "companyReply.text",
  "owner_reply.published_at": "companyReply.createdAt",
};
