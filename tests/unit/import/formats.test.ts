// The format readers on the fixtures written in each platform's documented shape, with their edge cases.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { readCsv } from "../../../src/import/formats/csv.ts";
import { originalText, readGoogle } from "../../../src/import/formats/google.ts";
import { detectFormat, formatOf } from "../../../src/import/formats/index.ts";
import { readTrustpilotCsv } from "../../../src/import/formats/trustpilot-csv.ts";
import { readTrustpilotJson } from "../../../src/import/formats/trustpilot-json.ts";
import { TIMESTAMP_FORM } from "../../../src/import/timestamps.ts";
import type { Draft, Format, FormatOptions } from "../../../src/import/types.ts";

const FIXTURES = path.join(import.meta.dirname, "../../fixtures/import");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
/** A format's result with the reviews it handed over. */
function collect(format: Format, file: string, bytes: Uint8Array, options: FormatOptions) {
  const drafts: Draft[] = [];
  return { ...format(file, bytes, options, (d) => drafts.push(d)), drafts };
}
const byId = (drafts: Draft[]) => new Map(drafts.map((d) => [d.platformId, d]));

describe("google", () => {
  const takeout = collect(readGoogle, "t.json", fixture("google/takeout-2026-09.json"), {});
  const api = collect(readGoogle, "a.json", fixture("google/api-2026-10.json"), {});

  it("reads a Takeout file and several API pages, giving a review the same platform id from both", () => {
    assert.deepEqual([takeout.records, takeout.refused], [6, []]);
    assert.deepEqual([api.records, api.refused], [6, []]);
    assert.equal(api.drafts[3]!.where.at, "/1/reviews/0");
    assert.equal(takeout.drafts[0]!.platformId, api.drafts[0]!.platformId);
    assert.equal(takeout.drafts[0]!.platformId, "AbFvOqnXk2M1pZQ8rT0yUvW3");
  });
  it("names anonymous reviewers Anonymous, without a photo, and takes a rating without a comment", () => {
    const anonymous = byId(api.drafts).get("AbFvOqkAnon0nym0usR4t1ng")!.record;
    assert.deepEqual(anonymous.author, { name: "Anonymous", avatar_url: null });
    assert.equal(anonymous.text, null);
    assert.equal(anonymous.rating, 4);
  });
  it("keeps the original of a translated comment, whichever comes first", () => {
    const d = byId(api.drafts);
    assert.equal(
      d.get("AbFvOqmTr4nsl4t3dEsPan01")!.record.text,
      "Excelente servicio, llegaron temprano y explicaron todo.",
    );
    assert.equal(d.get("AbFvOqgN3wInOctober00bb2")!.record.text, "Muito bom atendimento");
    assert.equal(originalText("No translation here"), "No translation here");
  });
  it("normalises times, takes updateTime only after createTime, and the reply", () => {
    const [first] = takeout.drafts;
    assert.equal(first!.record.published_at, "2026-09-02T15:04:05Z");
    assert.equal(first!.record.updated_at, null);
    assert.deepEqual(first!.record.verified, { method: "platform", verified_at: "2026-09-02T15:04:05Z" });
    assert.deepEqual(first!.record.owner_reply, {
      text: "Thanks Dana! Tomás will be glad to hear it.",
      published_at: "2026-09-03T08:00:00Z",
    });
    assert.equal(byId(api.drafts).get("AbFvOqlEd1tedL4terXyz789")!.record.updated_at, "2026-10-01T08:30:00Z");
    assert.equal(first!.record.language, null);
  });
  it("refuses bad records by JSON pointer and field, and reads the others", () => {
    const bad = collect(readGoogle, "bad.json", fixture("bad/google-bad.json"), {});
    assert.equal(bad.drafts.length, 1);
    assert.deepEqual(
      bad.refused.map((r) => [r.at, r.field]),
      [
        ["/reviews/1", "starRating"],
        ["/reviews/2", "createTime"],
      ],
    );
  });
  it("refuses a file that is not JSON or not a list of reviews", () => {
    assert.match(collect(readGoogle, "x.json", Buffer.from("{"), {}).refused[0]!.reason, /invalid JSON/);
    assert.match(collect(readGoogle, "x.json", Buffer.from('{"a": 1}'), {}).refused[0]!.reason, /expected \{"reviews"/);
  });
});

describe("trustpilot", () => {
  it("reads the CSV export with a BOM, CRLF line ends and quoted line breaks", () => {
    const csv = collect(readTrustpilotCsv, "t.csv", fixture("trustpilot/reviews.csv"), {});
    assert.deepEqual([csv.records, csv.refused], [4, []]);
    const [first, second, third, fourth] = csv.drafts;
    assert.equal(first!.platformId, "64c9e1f2a3b4c5d6e7f80911");
    assert.equal(first!.record.text, "Fixed the leak under the sink.\nThen checked the whole line, no charge.");
    assert.equal(first!.record.owner_reply!.text, "Thanks Marta!\nSee you next time.");
    assert.equal(first!.record.source.url, "https://www.trustpilot.com/reviews/64c9e1f2a3b4c5d6e7f80911");
    assert.equal(second!.where.at, "row 3 (line 5)");
    assert.equal(second!.record.title, 'Good, "on time"');
    assert.equal(second!.record.published_at, "2026-08-03T09:00:00Z");
    assert.equal(third!.record.text, null);
    assert.deepEqual([first!.verified, second!.verified, fourth!.verified], [true, true, false]);
  });
  it("matches CSV headers case- and space-insensitively, in any order", () => {
    const text =
      "review stars,REVIEW  ID,reviewcreated(utc),Review Username,review verified\n5,abc123,2026-08-01 10:00:00,Al,yes\n";
    const csv = collect(readTrustpilotCsv, "t.csv", Buffer.from(text), {});
    assert.deepEqual(csv.refused, []);
    assert.equal(csv.drafts[0]!.record.rating, 5);
    assert.equal(csv.drafts[0]!.platformId, "abc123");
  });
  it("refuses a CSV that is not a Trustpilot export, and bad rows by row number", () => {
    assert.match(
      collect(readTrustpilotCsv, "t.csv", Buffer.from("a,b\n1,2\n"), {}).refused[0]!.reason,
      /not a Trustpilot review export/,
    );
    const bad = collect(readTrustpilotCsv, "bad.csv", fixture("bad/trustpilot-bad.csv"), {});
    assert.deepEqual(
      bad.refused.map((r) => [r.at, r.field]),
      [
        ["row 3", "Review Stars"],
        ["row 4 (line 5)", "Review Created (UTC)"],
      ],
    );
  });
  it("reads Business API JSON, isVerified deciding", () => {
    const json = collect(readTrustpilotJson, "t.json", fixture("trustpilot/reviews.json"), {});
    assert.deepEqual(json.refused, []);
    assert.deepEqual(
      json.drafts.map((d) => d.verified),
      [true, true, false],
    );
    assert.equal(json.drafts[0]!.record.experience_date, "2026-09-19");
    assert.equal(json.drafts[1]!.record.updated_at, "2026-09-27T08:15:00Z");
  });
  it("tells JSON from CSV by content", () => {
    assert.equal(formatOf("trustpilot", fixture("trustpilot/reviews.json")), readTrustpilotJson);
    assert.equal(formatOf("trustpilot", fixture("trustpilot/reviews.csv")), readTrustpilotCsv);
  });
});

describe("generic csv", () => {
  it("maps other headers with --map and takes the platform from --platform", () => {
    const map = new Map([
      ["Recommendation ID", "id"],
      ["Date", "published_at"],
      ["Stars", "rating"],
      ["Reviewer", "author.name"],
      ["Review", "text"],
      ["Link", "source.url"],
      ["Verified", "verified.method"],
    ]);
    const csv = collect(readCsv, "fb.csv", fixture("csv/facebook.csv"), { platform: "facebook", map });
    assert.deepEqual(csv.refused, []);
    assert.deepEqual(csv.notes, ["columns ignored: Response, Response date"]);
    assert.equal(csv.drafts[0]!.platform, "facebook");
    assert.equal(csv.drafts[0]!.record.published_at, "2026-07-12T00:00:00Z");
    assert.equal(csv.drafts[1]!.record.text, null);
  });
  it("takes the platform from a source.platform column", () => {
    const csv = collect(readCsv, "m.csv", fixture("csv/mixed.csv"), {});
    assert.deepEqual(
      csv.drafts.map((d) => [d.platform, d.platformId, d.record.verified?.method]),
      [
        ["yelp", "rv-88213", "platform"],
        ["nextdoor", "nd/2026/441", "manual"],
      ],
    );
  });
  it("refuses a file without the required columns, naming them and --map", () => {
    const csv = collect(readCsv, "x.csv", Buffer.from("Reviewer,Stars\nA,5\n"), { platform: "yelp" });
    assert.match(csv.refused[0]!.reason, /no column for id, published_at, rating, author\.name .*--map/);
  });
  it("reads a semicolon-separated export with decimal commas, commas in text and CRLF line ends", () => {
    const csv = collect(readCsv, "eu.csv", fixture("csv/european.csv"), {});
    assert.deepEqual(csv.refused, []);
    assert.deepEqual(
      csv.drafts.map((d) => [d.platformId, d.record.rating, d.record.author.name, d.record.text]),
      [
        ["rv-5501", 5, "Jürgen K.", "Schnell, sauber und freundlich, sehr zu empfehlen."],
        ["rv-5502", 4, "Élodie M.", "Bon travail; un peu en retard, mais prévenu."],
        ["rv-5503", 3, "Marco R.", "Prezzo giusto, 2,5 ore di lavoro"],
      ],
    );
    assert.equal(csv.drafts[1]!.record.published_at, "2026-06-09T10:00:00Z");
  });
  it("reads a tab-separated export, and takes the header's separator, not one inside its quotes", () => {
    const tabs = collect(
      readCsv,
      "t.tsv",
      Buffer.from("id\tpublished_at\trating\tauthor.name\nx1\t2026-06-02\t5\tA, B\n"),
      {
        platform: "yelp",
      },
    );
    assert.deepEqual(
      tabs.refused.map((r) => r.reason),
      [`not a timestamp: "2026-06-02" (expected ${TIMESTAMP_FORM})`],
    );
    const quoted = 'id,"published_at;x",rating,author.name\nx1,2026-06-02 10:00,5,A; B\n';
    const comma = collect(readCsv, "q.csv", Buffer.from(quoted), {
      platform: "yelp",
      map: new Map([["published_at;x", "published_at"]]),
    });
    assert.deepEqual(comma.refused, []);
    assert.equal(comma.drafts[0]!.record.author.name, "A; B");
  });
  it("tells a semicolon- or tab-separated Trustpilot export by its header", () => {
    assert.equal(
      detectFormat(Buffer.from("Review ID;Review Stars;Review Created (UTC)\nabc;5;2026-08-01 10:00\n")),
      "trustpilot",
    );
    assert.equal(detectFormat(Buffer.from("Review ID\tReview Stars\nabc\t5\n")), "trustpilot");
  });
  it("gives an owner reply without a date the review's date, and refuses a reply date it cannot read", () => {
    const csv = collect(readCsv, "eu.csv", fixture("csv/european.csv"), {});
    assert.deepEqual(csv.drafts[1]!.record.owner_reply, {
      text: "Merci Élodie, à bientôt.",
      published_at: "2026-06-09T10:00:00Z",
    });
    assert.equal(csv.drafts[0]!.record.owner_reply!.published_at, "2026-06-03T09:00:00Z");
    assert.equal(csv.drafts[2]!.record.owner_reply, null);
    const bad = collect(
      readCsv,
      "r.csv",
      Buffer.from(
        "id,published_at,rating,author.name,owner_reply.text,owner_reply.published_at\nx1,2026-06-02 10:00,5,A,Thanks,03/06/2026\n",
      ),
      { platform: "yelp" },
    );
    assert.deepEqual(
      bad.refused.map((r) => [r.field, r.reason]),
      [["owner_reply.published_at", `not a timestamp: "03/06/2026" (expected ${TIMESTAMP_FORM})`]],
    );
  });
  it("gives a Google or Trustpilot reply without a date the review's date", () => {
    const google = {
      reviews: [
        {
          reviewId: "g1",
          starRating: "FIVE",
          createTime: "2026-09-02T15:04:05Z",
          reviewer: { displayName: "D" },
          reviewReply: { comment: "Thanks" },
        },
      ],
    };
    const g = collect(readGoogle, "g.json", Buffer.from(JSON.stringify(google)), {});
    assert.deepEqual(
      [g.refused, g.drafts[0]!.record.owner_reply],
      [[], { text: "Thanks", published_at: "2026-09-02T15:04:05Z" }],
    );
    const trustpilot = {
      reviews: [
        {
          id: "t1",
          stars: 4,
          createdAt: "2026-09-02T15:04:05Z",
          consumer: { displayName: "E" },
          companyReply: { text: "Thank you" },
        },
      ],
    };
    const t = collect(readTrustpilotJson, "t.json", Buffer.from(JSON.stringify(trustpilot)), {});
    assert.deepEqual(
      [t.refused, t.drafts[0]!.record.owner_reply],
      [[], { text: "Thank you", published_at: "2026-09-02T15:04:05Z" }],
    );
  });
});
